import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, readJson } from '../../lib/api-client';
import type { TEmailUsageResponse } from '../../../shared/schemas/email-usage';

/** The share of the month's diner emails from which the owner layout shows the banner (decision 058). */
const WARN_FROM_PERCENT = 80;

/**
 * The owner layout's banner (issue #30): from 80 % of the plan's diner emails this month it says so and links to
 * /abonnement (in the venue, decision 056) for those who may open it. Nothing while loading, on an error, below
 * 80 %, once the trial is over (the plan banner says it), or on /abonnement itself, whose usage bar says it.
 */
export function EmailQuotaBanner({ restaurantId, subscriptionHref, onSubscriptionPage }: { restaurantId: string; subscriptionHref: string | null; onSubscriptionPage: boolean }) {
  const { data } = useQuery({
    queryKey: ['email-usage', restaurantId],
    queryFn: async () => readJson<TEmailUsageResponse>(await api['email-usage'].$get()),
    staleTime: 5 * 60_000,
    enabled: !onSubscriptionPage,
  });
  if (!data || onSubscriptionPage) return null;
  let message: string | null = null;
  // An expired trial is the plan banner's to say (features/subscription): one banner for one situation.
  if (data.state !== 'expired' && data.limit !== null && data.used * 100 >= data.limit * WARN_FROM_PERCENT) {
    const usage = `${data.used.toLocaleString('fr-FR')} sur ${data.limit.toLocaleString('fr-FR')}`;
    message =
      data.used >= data.limit
        ? `Quota d’emails clients du mois atteint (${usage}) : les emails à vos clients ne partent plus jusqu’au mois prochain.`
        : `Vous avez utilisé ${usage} emails clients ce mois-ci.`;
  }
  if (!message) return null;
  return (
    <div role="status" data-testid="email-quota-banner" className="mb-4 flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
      <p>{message}</p>
      {subscriptionHref ? (
        <Link to={subscriptionHref} className="shrink-0 font-semibold underline underline-offset-2">
          Voir mon abonnement
        </Link>
      ) : null}
    </div>
  );
}
