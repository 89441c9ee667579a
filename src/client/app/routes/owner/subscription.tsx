import { countFr } from '../../../../shared/rules/french-count';
import { Check, Mail, MessageSquareHeart } from 'lucide-react';
import { OwnerPage } from '../../layouts/owner-layout';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { QueryError } from '../../../components/ui/query-error';
import { PageLoading } from '../../../components/ui/skeleton';
import { CONTACT_EMAIL } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useSubscription, type TSubscription } from '../../../features/subscription/api/get-subscription';
import { trialLeftFr } from '../../../features/subscription/components/plan-banner';
import { formatPrice, SITE_FR } from '../../../features/site/content';
import { formatDateFr } from '../../../../shared/format';
import { PLAN_IDS, PLANS, siteItems, type PlanId } from '../../../../shared/rules/plans';

const number = (n: number) => n.toLocaleString('fr-FR');

/** The site's demo request (same address and subject as the landing's form), and a word to the sales team. */
function mailtoDemo(organisation: string): string {
  const form = SITE_FR.start.form;
  return `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(form.subject)}&body=${encodeURIComponent(`${form.intro}\n\n${form.restaurant} : ${organisation}`)}`;
}
function mailtoSales(organisation: string, plan: PlanId): string {
  const subject = `Changement de forfait ReFeed – ${organisation}`;
  const body = `Bonjour,\n\nNous souhaitons choisir le forfait ${PLANS[plan].name.fr} pour ${organisation}.\n\nMerci de nous recontacter.`;
  return `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

function stateText(subscription: TSubscription): { title: string; detail: string } {
  const name = PLANS[subscription.plan].name.fr;
  if (subscription.state === 'active') return { title: `Forfait ${name}`, detail: 'Votre forfait est actif.' };
  if (subscription.state === 'trial') {
    const until = subscription.trialEndsAt ? ` (jusqu’au ${formatDateFr(subscription.trialEndsAt)})` : '';
    return { title: `Essai gratuit du forfait ${name}`, detail: `${trialLeftFr(subscription.trialDaysLeft)}${until}.` };
  }
  return {
    title: 'Essai gratuit terminé',
    detail: 'ReFeed est en lecture seule : vos données sont conservées, vos clients notent et cumulent toujours leurs points. Choisissez un forfait pour tout retrouver.',
  };
}

/** One usage line: « 120 / 300 », a bar, or « illimité ». */
function UsageBar({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const ratio = limit === null ? 0 : limit === 0 ? 1 : Math.min(used / limit, 1);
  const over = limit !== null && used > limit;
  return (
    <div className="flex flex-col gap-1" data-testid="usage">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className={cn('tabular-nums', over ? 'font-semibold text-red-700' : 'text-stone-700')}>
          {number(used)} / {limit === null ? 'illimité' : number(limit)}
        </span>
      </div>
      {limit === null ? null : (
        <div
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={`${number(used)} sur ${number(limit)}`}
          className="h-2 overflow-hidden rounded-full bg-stone-200"
        >
          <div className={cn('h-full rounded-full', over ? 'bg-red-600' : ratio >= 0.8 ? 'bg-amber-500' : 'bg-brand-600')} style={{ width: `${Math.round(ratio * 100)}%` }} />
        </div>
      )}
    </div>
  );
}

/** /abonnement (issue #30, decision 057): the plan, the trial's days left, this month's usage, the plans and how to change. */
export default function SubscriptionPage() {
  const subscription = useSubscription();
  return (
    <OwnerPage title="Abonnement">
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">Abonnement</h2>
          <p className="text-sm text-stone-600">Votre forfait, votre consommation du mois et comment changer de forfait.</p>
        </div>
        {subscription.isPending ? (
          <PageLoading label="Chargement de l’abonnement…" />
        ) : subscription.isError ? (
          <QueryError title="Impossible de charger l’abonnement" detail={subscription.error.message} onRetry={() => void subscription.refetch()} />
        ) : (
          <SubscriptionContent subscription={subscription.data} />
        )}
      </div>
    </OwnerPage>
  );
}

function SubscriptionContent({ subscription }: { subscription: TSubscription }) {
  const { title, detail } = stateText(subscription);
  const { usage, limits } = subscription;
  const organisation = subscription.organisation.name;
  return (
    <>
      <Card data-testid="subscription-plan">
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription className={subscription.state === 'expired' ? 'text-red-800' : undefined}>{detail}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <h3 className="text-sm font-semibold text-stone-800">Consommation du mois</h3>
          <UsageBar label="Emails envoyés à vos clients" used={usage.dinerEmailsThisMonth} limit={limits.dinerEmailsPerMonth} />
          {usage.dinerEmailsSkippedThisMonth > 0 ? (
            <p className="text-sm text-amber-800" data-testid="quota-skipped">
              {countFr(usage.dinerEmailsSkippedThisMonth, 'email client non envoyé', 'emails clients non envoyés')} ce mois-ci : quota atteint.
            </p>
          ) : null}
          <UsageBar label="Établissements" used={usage.venues} limit={limits.venues} />
          <UsageBar label="Membres (propriétaires, gérants, lecture)" used={usage.members} limit={limits.members} />
          <p className="text-xs text-stone-500">Les comptes équipe (comptoir) ne sont pas comptés. Les emails de compte et les alertes ne sont pas comptés.</p>
        </CardContent>
      </Card>

      <section aria-labelledby="plans-title" className="flex flex-col gap-3">
        <h3 id="plans-title" className="text-lg font-semibold">
          Les forfaits
        </h3>
        <ul className="grid gap-4 md:grid-cols-3">
          {PLAN_IDS.map((id) => {
            const plan = PLANS[id];
            const current = subscription.state !== 'expired' && subscription.plan === id;
            return (
              <li key={id} data-testid="subscription-offer" className={cn('flex flex-col rounded-2xl border bg-white p-5', current ? 'border-brand-600 ring-1 ring-brand-600' : 'border-stone-200')}>
                <div className="flex items-center justify-between gap-2">
                  <h4 className="text-base font-semibold">{plan.name.fr}</h4>
                  {current ? <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{subscription.state === 'trial' ? 'Votre essai' : 'Votre forfait'}</span> : null}
                </div>
                <p className="mt-2 text-2xl font-bold tracking-tight">
                  {formatPrice(plan.prices.eur.monthly, SITE_FR.pricing)}
                  <span className="text-sm font-normal text-stone-600"> {SITE_FR.pricing.perMonth} HT</span>
                </p>
                <p className="text-xs text-stone-600">
                  ou {formatPrice(plan.prices.eur.yearly, SITE_FR.pricing)} {SITE_FR.pricing.billedYearly}
                </p>
                <ul className="mt-3 flex flex-col gap-1.5 text-sm">
                  {siteItems(plan, 'fr').map((item) => (
                    <li key={item} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
                      {item}
                    </li>
                  ))}
                </ul>
                <Button asChild variant={current && subscription.state === 'active' ? 'outline' : 'default'} className="mt-4">
                  <a href={mailtoSales(organisation, id)}>{current && subscription.state === 'active' ? `Garder ${plan.name.fr}` : `Choisir ${plan.name.fr}`}</a>
                </Button>
              </li>
            );
          })}
        </ul>
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Changer de forfait</CardTitle>
          <CardDescription>
            Écrivez-nous avec le forfait choisi : l’équipe ReFeed le met en place avec vous, sans engagement en mensuel. Rien n’est supprimé en changeant de forfait.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 sm:flex-row">
          <Button asChild>
            <a href={mailtoSales(organisation, subscription.plan)}>
              <Mail className="size-4" aria-hidden="true" />
              Écrire à l’équipe commerciale
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={mailtoDemo(organisation)}>
              <MessageSquareHeart className="size-4" aria-hidden="true" />
              Demander une démo
            </a>
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
