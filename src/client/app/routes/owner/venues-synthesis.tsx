import { ArrowLeft, Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OwnerPage } from '../../layouts/owner-layout';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/native-select';
import { QueryError } from '../../../components/ui/query-error';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { downloadFile } from '../../../lib/download-file';
import { errorMessage, toastError } from '../../../lib/toast';
import { synthesisCsvUrl, useSynthesis, type SynthesisPeriod } from '../../../features/venues/api/get-synthesis';
import { PeriodFilter } from '../../../features/venues/components/period-filter';
import { SynthesisTable, type SortState } from '../../../features/venues/components/synthesis-table';
import { formatPeriodFr } from '../../../features/venues/format';
import { INBOX_MESSAGES } from '../../../../shared/schemas/inbox';
import { sortVenueRows, VENUE_COLUMN_LABELS, VENUE_MESSAGES, VENUE_PERIODS, VENUE_SORT_KEYS, type TVenuePeriod, type TVenueSortKey } from '../../../../shared/schemas/venues';

const isPeriod = (value: string | null): value is TVenuePeriod => !!value && (VENUE_PERIODS as readonly string[]).includes(value);
const isSortKey = (value: string | null): value is TVenueSortKey => !!value && (VENUE_SORT_KEYS as readonly string[]).includes(value);

/** The phone's sort select: each column either way. */
const SORT_OPTIONS: Array<readonly [string, string]> = VENUE_SORT_KEYS.flatMap((key): Array<readonly [string, string]> =>
  key === 'name'
    ? [
        ['name:asc', 'Établissement (A → Z)'],
        ['name:desc', 'Établissement (Z → A)'],
      ]
    : [
        [`${key}:desc`, `${VENUE_COLUMN_LABELS[key]} (décroissant)`],
        [`${key}:asc`, `${VENUE_COLUMN_LABELS[key]} (croissant)`],
      ],
);

/**
 * /etablissements/synthese (issue #29): the period's totals and one row per venue the member may open,
 * sortable, exportable as CSV. The period and the order live in the URL (a shared link shows the same).
 */
export default function VenuesSynthesisPage() {
  const [params, setParams] = useSearchParams();
  const period: SynthesisPeriod = {
    period: isPeriod(params.get('period')) ? (params.get('period') as TVenuePeriod) : '30d',
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
  const sort: SortState = { key: isSortKey(params.get('sort')) ? (params.get('sort') as TVenueSortKey) : 'name', dir: params.get('dir') === 'desc' ? 'desc' : 'asc' };
  const synthesis = useSynthesis(period);
  const [downloading, setDownloading] = useState(false);
  const rows = useMemo(() => (synthesis.data ? sortVenueRows(synthesis.data.rows, sort.key, sort.dir) : []), [synthesis.data, sort.key, sort.dir]);

  const update = (patch: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const onSort = (key: TVenueSortKey) => {
    // A new column starts with the largest figures first (names A → Z); the same column turns around.
    const dir = sort.key === key ? (sort.dir === 'asc' ? 'desc' : 'asc') : key === 'name' ? 'asc' : 'desc';
    update({ sort: key, dir });
  };
  const exportCsv = async () => {
    setDownloading(true);
    try {
      await downloadFile(synthesisCsvUrl(period, sort.key, sort.dir), 'etablissements.csv');
    } catch (error) {
      toastError('Export impossible', error);
    } finally {
      setDownloading(false);
    }
  };
  const waitingForDates = period.period === 'custom' && (!period.from || !period.to);
  const badRange = period.period === 'custom' && !!period.from && !!period.to && period.from > period.to;

  return (
    <OwnerPage title="Vue consolidée des établissements">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <Link to={paths.venues.href()} className="inline-flex items-center gap-1 text-sm text-brand-700 underline underline-offset-4">
              <ArrowLeft className="size-4" aria-hidden="true" />
              Établissements
            </Link>
            <h2 className="text-2xl font-semibold tracking-tight">Vue consolidée</h2>
            <p className="text-sm text-stone-600" aria-live="polite">
              {synthesis.data ? `Vos établissements ${formatPeriodFr(synthesis.data.period)}.` : 'Vos établissements sur la période choisie.'}
            </p>
          </div>
          <Button variant="outline" onClick={() => void exportCsv()} disabled={downloading || !synthesis.data || waitingForDates || badRange}>
            <Download aria-hidden="true" />
            {downloading ? 'Export…' : 'Exporter en CSV'}
          </Button>
        </div>
        <Card className="flex flex-col gap-3 p-4">
          <PeriodFilter
            value={period}
            onChange={(next) => update({ period: next.period, from: next.period === 'custom' ? next.from : undefined, to: next.period === 'custom' ? next.to : undefined })}
          />
          <div className="md:hidden">
            <SelectField
              id="venues-sort"
              label="Trier par"
              value={`${sort.key}:${sort.dir}`}
              options={SORT_OPTIONS}
              onChange={(value) => {
                const [key, dir] = (value ?? 'name:asc').split(':');
                update({ sort: key, dir });
              }}
            />
          </div>
        </Card>
        {waitingForDates ? (
          <Card className="p-6 text-center text-stone-600">{VENUE_MESSAGES.customDatesRequired}</Card>
        ) : badRange ? (
          <Card role="alert" className="p-6 text-center text-stone-600">
            {INBOX_MESSAGES.invalidRange}
          </Card>
        ) : synthesis.isPending ? (
          <PageLoading label="Calcul des chiffres…" />
        ) : synthesis.isError ? (
          <QueryError title="Impossible de calculer les chiffres" detail={errorMessage(synthesis.error) ?? 'Vérifiez votre connexion puis réessayez.'} onRetry={() => void synthesis.refetch()} />
        ) : rows.length === 0 ? (
          <Card className="p-6 text-center text-stone-600">Aucun établissement ne vous est ouvert pour le moment.</Card>
        ) : (
          <div aria-busy={synthesis.isFetching}>
            {synthesis.data.totals.feedbacks === 0 ? <p className="mb-3 text-sm text-stone-600">Aucune note sur cette période.</p> : null}
            <SynthesisTable rows={rows} totals={synthesis.data.totals} sort={sort} onSort={onSort} />
          </div>
        )}
      </div>
    </OwnerPage>
  );
}
