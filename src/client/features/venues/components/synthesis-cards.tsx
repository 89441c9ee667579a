import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { VENUE_SORT_KEYS, type TVenueFigures, type TVenueRow, type TVenueSortKey } from '../../../../shared/schemas/venues';
import { columnLabel, figureText } from '../format';
import { VenueStatusBadge } from './venue-status-badge';

const FIGURE_KEYS = VENUE_SORT_KEYS.filter((key): key is Exclude<TVenueSortKey, 'name'> => key !== 'name');

/** The consolidated view on a phone: the table's rows as cards (in the order of the select above them), then the totals. */
export function SynthesisCards({ rows, totals }: { rows: TVenueRow[]; totals: TVenueFigures }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const cards = [...rows.map((row) => ({ ...row, total: false })), { ...totals, id: 'total', name: m.venues_total(), status: 'approved' as const, total: true }];
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label={m.venues_figures_by_venue()}>
      {cards.map((row) => (
        <li key={row.id}>
          <Card className={cn('flex flex-col gap-3 p-4', row.total && 'border-stone-300 bg-stone-50')}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{row.name}</h3>
              {row.status === 'approved' ? null : <VenueStatusBadge status={row.status} />}
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {FIGURE_KEYS.map((key) => (
                <div key={key} className="flex flex-col">
                  <dt className="text-xs text-stone-600">{columnLabel(m, key)}</dt>
                  <dd className={cn('font-semibold tabular-nums', key === 'lowUnhandled' && row.lowUnhandled > 0 && 'text-red-700')}>{figureText(key, row, locale)}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}
