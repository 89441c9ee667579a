import { dinerPaths as paths } from '../../shared/diner-paths';
import { formatCount } from '../../shared/format';
import type { TCardSummary } from '../../shared/schemas/card-messages';
import { GiftIcon } from './icons';
import { useI18n } from './i18n';

/**
 * The returning diner's card above the form on /f and /r (issue 48): the balance, the rewards to collect
 * and « Voir ma carte ». A chunk of its own, fetched only when this device's summary holds something
 * (diner-page.tsx reads it after the form painted): a first visit downloads nothing more.
 */
export default function CardSummary({ restaurantId, card }: { restaurantId: string; card: NonNullable<TCardSummary['card']> }) {
  const { locale, m } = useI18n();
  return (
    <section aria-labelledby="card-summary-title" data-testid="card-summary" className="mt-6 rounded-3xl border border-brand-200 bg-brand-50 p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="card-summary-title" className="text-base font-semibold text-stone-900">
          {m.my_loyalty_card()}
        </h2>
        <p className="shrink-0 text-2xl font-bold text-brand-800" data-testid="card-summary-balance">
          {m.points({ count: card.balance, points: formatCount(card.balance, locale) })}
        </p>
      </div>
      {card.pending.length > 0 ? (
        <div className="mt-3">
          <p className="text-sm font-medium text-stone-700">{m.rewards_to_collect({ count: card.pending.length, n: formatCount(card.pending.length, locale) })}</p>
          <ul className="mt-1 space-y-1" data-testid="card-summary-rewards">
            {card.pending.map((reward) => (
              <li key={reward.id} className="flex items-center gap-2 font-semibold text-stone-900">
                <GiftIcon className="size-5 shrink-0 text-brand-700" />
                {reward.label}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <a
        href={paths.dinerCard.href(restaurantId)}
        className="mt-4 inline-flex h-11 w-full items-center justify-center rounded-xl border border-brand-300 bg-white px-5 font-semibold text-brand-800 hover:bg-brand-100"
      >
        {m.see_card()}
      </a>
    </section>
  );
}
