import { Card } from '../../../components/ui/card';
import type { TInboxSummary } from '../../../../shared/schemas/inbox';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { formatCount, formatDecimal } from '../../../../shared/format';

/** The selection at a glance: how many, the average, and the count of each star. */
export function InboxSummary({ summary }: { summary: TInboxSummary }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const max = Math.max(1, ...Object.values(summary.distribution));
  return (
    <Card className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-[auto_1fr]" aria-label={m.reviews_summary_label()} role="region">
      <dl className="flex gap-6 sm:flex-col sm:gap-2">
        <div>
          <dt className="text-xs text-stone-600">{m.reviews_summary_count()}</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="inbox-count">
            {formatCount(summary.count, locale)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">{m.reviews_summary_average()}</dt>
          {summary.average === null ? (
            <dd className="pt-1.5 text-base font-medium text-stone-600" data-testid="inbox-average">
              {m.reviews_summary_no_rating()}
            </dd>
          ) : (
            <dd className="text-2xl font-semibold tabular-nums" data-testid="inbox-average">
              {m.reviews_summary_average_value({ average: formatDecimal(summary.average, 1, locale) })}
            </dd>
          )}
        </div>
      </dl>
      <ul className="flex flex-col gap-1" aria-label={m.reviews_summary_distribution()}>
        {(['5', '4', '3', '2', '1'] as const).map((star) => (
          <li key={star} className="grid grid-cols-[3.5rem_1fr_3.5rem] items-center gap-2 text-sm">
            <span className="text-stone-700">{star} ★</span>
            <span className="h-2.5 overflow-hidden rounded-full bg-stone-100" aria-hidden="true">
              <span className={`block h-full rounded-full ${Number(star) <= 3 ? 'bg-red-500' : 'bg-green-600'}`} style={{ width: `${(summary.distribution[star] / max) * 100}%` }} />
            </span>
            <span className="text-right tabular-nums">
              <span className="sr-only">{`${m.reviews_summary_star_row({ star })} `}</span>
              {formatCount(summary.distribution[star], locale)}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
