import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/native-select';
import { QueryError } from '../../../components/ui/query-error';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { downloadFile } from '../../../lib/download-file';
import { errorMessage, toastError } from '../../../lib/toast';
import { synthesisCsvUrl, useSynthesis } from '../api/get-synthesis';
import { PeriodFilter } from '../components/period-filter';
import { SynthesisTable } from '../components/synthesis-table';
import { formatPeriod } from '../format';
import { INBOX_MESSAGES } from '../../../../shared/schemas/inbox';
import { sortVenueRows, VENUE_MESSAGES, type TVenueSortKey } from '../../../../shared/schemas/venues';
import { BackLink } from '../../../components/ui/page-header';
import { localized, useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { nextSort, readSynthesisParams, sortOptions } from './synthesis-params';

/**
 * /etablissements/synthese (issue #29): the period's totals and one row per venue the member may open,
 * sortable, exportable as CSV. The period and the order live in the URL (a shared link shows the same).
 */
export function VenuesSynthesisPage() {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const [params, setParams] = useSearchParams();
  const { period, sort } = readSynthesisParams(params);
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
  const onSort = (key: TVenueSortKey) => update({ sort: key, dir: nextSort(sort, key).dir });
  const exportCsv = async () => {
    setDownloading(true);
    try {
      await downloadFile(synthesisCsvUrl(period, sort.key, sort.dir), 'etablissements.csv');
    } catch (error) {
      toastError(m.venues_export_failed(), error);
    } finally {
      setDownloading(false);
    }
  };
  const waitingForDates = period.period === 'custom' && (!period.from || !period.to);
  const badRange = period.period === 'custom' && !!period.from && !!period.to && period.from > period.to;

  return (
    <>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <BackLink to={paths.venues.href()}>{m.venues_list_title()}</BackLink>
            <h2 className="text-2xl font-semibold tracking-tight">{m.venues_consolidated()}</h2>
            <p className="text-sm text-stone-600" aria-live="polite">
              {synthesis.data ? m.venues_synthesis_period({ period: formatPeriod(synthesis.data.period, m, locale) }) : m.venues_synthesis_period_pending()}
            </p>
          </div>
          <Button variant="outline" onClick={() => void exportCsv()} disabled={downloading || !synthesis.data || waitingForDates || badRange}>
            <Download aria-hidden="true" />
            {downloading ? m.venues_exporting() : m.venues_export_csv()}
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
              label={m.venues_sort_by()}
              value={`${sort.key}:${sort.dir}`}
              options={sortOptions(m)}
              onChange={(value) => {
                const [key, dir] = (value ?? 'name:asc').split(':');
                update({ sort: key, dir });
              }}
            />
          </div>
        </Card>
        {waitingForDates ? (
          <Card className="p-6 text-center text-stone-600">{localized(VENUE_MESSAGES.customDatesRequired)}</Card>
        ) : badRange ? (
          <Card role="alert" className="p-6 text-center text-stone-600">
            {localized(INBOX_MESSAGES.invalidRange)}
          </Card>
        ) : synthesis.isPending ? (
          <PageLoading label={m.venues_synthesis_loading()} />
        ) : synthesis.isError ? (
          <QueryError title={m.venues_synthesis_failed()} detail={errorMessage(synthesis.error) ?? m.venues_check_connection()} onRetry={() => void synthesis.refetch()} />
        ) : rows.length === 0 ? (
          <Card className="p-6 text-center text-stone-600">{m.venues_list_empty()}</Card>
        ) : (
          <div aria-busy={synthesis.isFetching}>
            {synthesis.data.totals.feedbacks === 0 ? <p className="mb-3 text-sm text-stone-600">{m.venues_synthesis_no_ratings()}</p> : null}
            <SynthesisTable rows={rows} totals={synthesis.data.totals} sort={sort} onSort={onSort} />
          </div>
        )}
      </div>
    </>
  );
}
