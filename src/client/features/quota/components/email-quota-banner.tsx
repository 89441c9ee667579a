import { Link } from 'react-router';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { formatCount } from '../../../../shared/format';
import { useEmailUsage } from '../api/get-email-usage';

/** The share of the month's diner emails from which the owner layout shows the banner (decision 058). */
const WARN_FROM_PERCENT = 80;

/**
 * The owner layout's banner (issue #30): from 80 % of the plan's diner emails this month it says so and links to
 * /abonnement (in the venue, decision 056) for those who may open it. Nothing while loading, on an error, below
 * 80 %, once the trial is over (the plan banner says it), or on /abonnement itself, whose usage bar says it.
 */
export function EmailQuotaBanner({ restaurantId, subscriptionHref, onSubscriptionPage }: { restaurantId: string; subscriptionHref: string | null; onSubscriptionPage: boolean }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const { data } = useEmailUsage(restaurantId, { enabled: !onSubscriptionPage });
  if (!data || onSubscriptionPage) return null;
  let message: string | null = null;
  // An expired trial is the plan banner's to say (features/subscription): one banner for one situation.
  if (data.state !== 'expired' && data.limit !== null && data.used * 100 >= data.limit * WARN_FROM_PERCENT) {
    const usage = { used: formatCount(data.used, locale), limit: formatCount(data.limit, locale) };
    message = data.used >= data.limit ? m.reviews_quota_reached(usage) : m.reviews_quota_near(usage);
  }
  if (!message) return null;
  return (
    <div role="status" data-testid="email-quota-banner" className="mb-4 flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
      <p>{message}</p>
      {subscriptionHref ? (
        <Link to={subscriptionHref} className="shrink-0 font-semibold underline underline-offset-2">
          {m.reviews_quota_subscription()}
        </Link>
      ) : null}
    </div>
  );
}
