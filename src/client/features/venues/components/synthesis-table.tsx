import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { VENUE_SORT_KEYS, type TVenueFigures, type TVenueRow, type TVenueSortKey } from '../../../../shared/schemas/venues';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { columnLabel, figureText } from '../format';
import { VenueStatusBadge } from './venue-status-badge';
import { SynthesisCards } from './synthesis-cards';
import type { SortState } from './synthesis-params';



const FIGURE_KEYS = VENUE_SORT_KEYS.filter((key): key is Exclude<TVenueSortKey, 'name'> => key !== 'name');

/** A header that sorts its column: a button (keyboard: Tab, then Enter or Space), the state in aria-sort. */
function SortableHead({ column, sort, onSort, className }: { column: TVenueSortKey; sort: SortState; onSort: (key: TVenueSortKey) => void; className?: string }) {
  const m = useOwnerMessages();
  const active = sort.key === column;
  const Icon = !active ? ArrowUpDown : sort.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className={cn('px-1', className)}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold tracking-wide uppercase hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600',
          column !== 'name' && 'flex-row-reverse text-right',
          active ? 'text-stone-900' : 'text-stone-600',
        )}
      >
        <span className="whitespace-normal">{columnLabel(m, column)}</span>
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      </button>
    </TableHead>
  );
}

function FigureCells({ figures }: { figures: TVenueFigures }) {
  const locale = useOwnerLocale();
  return (
    <>
      {FIGURE_KEYS.map((key) => (
        <TableCell key={key} className={cn('text-right tabular-nums', key === 'lowUnhandled' && figures.lowUnhandled > 0 && 'font-semibold text-red-700')}>
          {figureText(key, figures, locale)}
        </TableCell>
      ))}
    </>
  );
}

/**
 * The consolidated view: one row per venue and the totals. From the md breakpoint a table whose headers
 * sort it; on a phone the same rows as cards (the order chosen in the select above them).
 */
export function SynthesisTable({ rows, totals, sort, onSort }: { rows: TVenueRow[]; totals: TVenueFigures; sort: SortState; onSort: (key: TVenueSortKey) => void }) {
  const m = useOwnerMessages();
  return (
    <>
      <Card className="hidden overflow-hidden md:block">
        <Table aria-label={m.venues_figures_by_venue()}>
          <TableHeader>
            <TableRow>
              {VENUE_SORT_KEYS.map((key) => (
                <SortableHead key={key} column={key} sort={sort} onSort={onSort} className={key === 'name' ? undefined : 'text-right'} />
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <th scope="row" className="px-3 py-3 text-left align-middle font-medium">
                  <span className="block">{row.name}</span>
                  {row.status === 'approved' ? null : <VenueStatusBadge status={row.status} />}
                </th>
                <FigureCells figures={row} />
              </TableRow>
            ))}
          </TableBody>
          <tfoot className="border-t-2 border-stone-200 bg-stone-50 font-semibold">
            <TableRow>
              <th scope="row" className="px-3 py-3 text-left">
                {m.venues_total()}
              </th>
              <FigureCells figures={totals} />
            </TableRow>
          </tfoot>
        </Table>
      </Card>
      <SynthesisCards rows={rows} totals={totals} />
    </>
  );
}
