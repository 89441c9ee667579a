import { AlertTriangle, Clock, CreditCard } from 'lucide-react';
import { NavLink } from 'react-router';
import { trialDaysLeft } from '../../../../shared/rules/plans';
import type { TMeResponse } from '../../../../shared/schemas/accounts';
import { useBillingStatus } from '../api/billing';

type Venue = TMeResponse['restaurants'][number];

/** How much of the trial is left, in French: « Il vous reste 5 jours d’essai », « Dernier jour d’essai ». */
export function trialLeftFr(days: number): string {
  if (days <= 1) return 'C’est votre dernier jour d’essai';
  return `Il vous reste ${days} jours d’essai`;
}

/** The banner shows when the trial has this many days left or fewer (decision 057). */
export const TRIAL_BANNER_DAYS = 3;

/**
 * The plan's word above every owner page (decision 057): the trial ending (≤ 3 days, propriétaire only) or
 * over, and why this venue or this member is read only beyond the plan. The link to /abonnement is the
 * propriétaire's (`subscriptionHref`), never shown on /abonnement itself.
 */
export function PlanBanner({ venue, subscriptionHref, onSubscriptionPage }: { venue: Venue; subscriptionHref: string | null; onSubscriptionPage: boolean }) {
  const { plan } = venue;
  const billing = useBillingStatus(subscriptionHref !== null);
  const link =
    subscriptionHref && !onSubscriptionPage ? (
      <NavLink to={subscriptionHref} className="font-semibold whitespace-nowrap underline underline-offset-2">
        Voir mon abonnement
      </NavLink>
    ) : null;

  // A failed payment (decision 092), to the propriétaires: before the read-only state it leads to, and instead of the trial's words then.
  if (billing.data?.state === 'past_due') {
    return (
      <div role="status" data-testid="plan-banner" className="mb-4 flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-950">
        <CreditCard className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          {billing.data.locked
            ? 'Le paiement de votre abonnement n’a pas abouti depuis 14 jours : ReFeed est en lecture seule (vos clients notent et cumulent toujours leurs points). Réglez la facture pour tout retrouver aussitôt.'
            : 'Le paiement de votre abonnement a échoué : mettez à jour votre moyen de paiement pour éviter le passage en lecture seule.'}{' '}
          {link}
        </p>
      </div>
    );
  }
  if (plan.readOnly) {
    return (
      <div role="status" data-testid="plan-banner" className="mb-4 flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          {plan.message} {link}
        </p>
      </div>
    );
  }
  if (plan.state !== 'trial' || !subscriptionHref) return null;
  const days = trialDaysLeft(plan.trialEndsAt, new Date());
  if (days > TRIAL_BANNER_DAYS) return null;
  return (
    <div role="status" data-testid="plan-banner" className="mb-4 flex items-start gap-2 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-stone-900">
      <Clock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
      <p>
        {trialLeftFr(days)} : choisissez votre forfait pour continuer sans interruption. {link}
      </p>
    </div>
  );
}
