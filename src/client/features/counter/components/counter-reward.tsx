import { Check, Gift } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { toastError } from '../../../lib/toast';
import { formatDate } from '../../../../shared/format';
import { localizeMessage } from '../../../../shared/i18n/api-messages';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { CARD_MESSAGES, type TCounterCustomer } from '../../../../shared/schemas/counter';
import { useHandOver } from '../api/hand-over';

/**
 * The diner as staff read them: their name, or 'Client anonyme', and how to reach them. Without the right
 * to see the customers (équipe) the server sends the first name and masked details (« m•••@gmail.com »):
 * enough to tell two diners apart, said as such to a screen reader.
 */
export function CounterCustomerLine({ customer }: { customer: TCounterCustomer }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const contact = [customer.email, customer.phone].filter(Boolean).join(' · ');
  return (
    <div className="min-w-0">
      <p className="truncate font-semibold text-stone-900" data-testid="counter-customer">
        {customer.name ?? localizeMessage(CARD_MESSAGES.anonymous, locale)}
      </p>
      {contact ? (
        <p className="truncate text-sm text-stone-600" data-testid="counter-contact">
          {customer.masked ? <span className="sr-only">{m.counter_masked()}</span> : null}
          {contact}
        </p>
      ) : null}
    </div>
  );
}

/** One reward waiting at the counter, with 'Remis' (handed over once, whatever the clicks). */
export function CounterRewardRow({ reward, onHandedOver }: { reward: { id: string; label: string; unlockedAt: string }; onHandedOver?: () => void }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const handOver = useHandOver();
  const done = handOver.isSuccess;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 bg-white p-3">
      <div className="flex min-w-0 items-center gap-2">
        <Gift className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-medium text-stone-900" data-testid="counter-reward-label">
            {reward.label}
          </p>
          <p className="text-xs text-stone-600">{m.counter_unlocked_on({ date: formatDate(reward.unlockedAt, locale) })}</p>
        </div>
      </div>
      {done ? (
        <p role="status" className="flex items-center gap-1 text-sm font-semibold text-emerald-700">
          <Check className="size-4" aria-hidden="true" />
          {localizeMessage(CARD_MESSAGES.handedOver, locale)}
        </p>
      ) : (
        <Button
          type="button"
          disabled={handOver.isPending}
          aria-label={m.counter_handed_over_label({ label: reward.label })}
          onClick={() =>
            handOver.mutate(reward.id, {
              onSuccess: (answer) => {
                toast.success(answer.message);
                onHandedOver?.();
              },
              onError: (error) => toastError(m.counter_hand_over_failed(), error),
            })
          }
        >
          {m.counter_handed_over()}
        </Button>
      )}
    </div>
  );
}
