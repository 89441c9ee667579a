import { Gift } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Stars } from '../../../components/ui/stars';
import { toastError } from '../../../lib/toast';
import { formatDate, formatDateTime } from '../../../../shared/format';
import { localizeMessage } from '../../../../shared/i18n/api-messages';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { pointEventLabel } from '../../../../shared/rules/point-events';
import { qrLabelShown } from '../../../../shared/rules/qr-label';
import { CUSTOMER_MESSAGES, type TCustomerDetail } from '../../../../shared/schemas/customers';
import { useRedeemReward } from '../api/redeem-reward';

function Section({ title, children, empty }: { title: string; children: ReactNode; empty: boolean }) {
  const m = useOwnerMessages();
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <h3 className="text-lg font-semibold">{title}</h3>
      {empty ? <p className="text-sm text-stone-500">{m.customers_nothing_yet()}</p> : children}
    </Card>
  );
}

function PendingRewards({ customer }: { customer: TCustomerDetail }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const redeem = useRedeemReward();
  const pending = customer.rewards.filter((reward) => reward.status === 'pending');
  const handOver = async (rewardId: string) => {
    try {
      await redeem.mutateAsync({ customerId: customer.customer.id, rewardId });
      toast.success(localizeMessage(CUSTOMER_MESSAGES.rewardRedeemed, locale));
    } catch (error) {
      toastError(m.customers_error(), error);
    }
  };
  return (
    <Section title={m.customers_pending_title()} empty={pending.length === 0}>
      <ul className="flex flex-col gap-2" data-testid="pending-rewards">
        {pending.map((reward) => (
          <li key={reward.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3">
            <span className="flex items-center gap-2">
              <Gift className="size-5 text-brand-700" aria-hidden="true" />
              <span>
                <span className="block font-medium">{reward.label}</span>
                <span className="block text-xs text-stone-600">
                  {m.customers_reward_meta({ cost: String(reward.cost), date: formatDate(reward.createdAt, locale) })}
                </span>
              </span>
            </span>
            {/* Paid at unlock (decision 024): a pending reward can always be handed over. */}
            <Button size="sm" onClick={() => void handOver(reward.id)} disabled={redeem.isPending}>
              {m.customers_mark_used()}
            </Button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** A customer's rewards to hand over, feedbacks, points, visits and used rewards, newest first. */
export function CustomerHistory({ data }: { data: TCustomerDetail }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <PendingRewards customer={data} />
      <Section title={m.customers_feedbacks_title()} empty={data.feedbacks.length === 0}>
        <ul className="flex flex-col gap-2">
          {data.feedbacks.map((feedback) => (
            <li key={feedback.id} className="rounded-lg bg-stone-50 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Stars rating={feedback.rating} />
                <time dateTime={feedback.createdAt} className="text-xs text-stone-600">{formatDateTime(feedback.createdAt, locale)}</time>
              </div>
              {feedback.comment ? <p className="mt-1 text-sm break-words">{m.customers_comment({ comment: feedback.comment })}</p> : null}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={m.customers_points_title()} empty={data.pointEvents.length === 0}>
        <ul className="flex flex-col divide-y divide-stone-100 text-sm">
          {data.pointEvents.map((event) => (
            <li key={event.id} className="flex justify-between gap-2 py-1.5">
              <span>
                {pointEventLabel(event.reason, locale)}
                <span className="block text-xs text-stone-500">{formatDateTime(event.createdAt, locale)}</span>
              </span>
              <span className={`font-medium tabular-nums ${event.points < 0 ? 'text-red-700' : 'text-green-700'}`}>
                {event.points > 0 ? '+' : ''}
                {event.points}
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={m.customers_visits_title()} empty={data.visits.length === 0 && !data.rewards.some((r) => r.status === 'redeemed')}>
        <ul className="flex flex-col divide-y divide-stone-100 text-sm">
          {data.rewards
            .filter((reward) => reward.status === 'redeemed')
            .map((reward) => (
              <li key={reward.id} className="py-1.5">
                {m.customers_reward_handed_over_on({ label: reward.label, date: formatDate(reward.redeemedAt ?? reward.createdAt, locale) })}
              </li>
            ))}
          {data.visits.map((visit) => (
            <li key={visit.id} className="py-1.5">
              {m.customers_visit_on({ date: formatDateTime(visit.createdAt, locale) })}
              {visit.tableLabel ? ` · ${qrLabelShown(visit.tableLabel, locale)}` : ''}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
