import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { QueryError } from '../../../components/ui/query-error';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useVenues } from '../api/get-venues';
import { AddVenueDialog } from '../components/add-venue-dialog';
import { VenueCard } from '../components/venue-card';
import { formatPeriod } from '../format';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { PageHeader } from '../../../components/ui/page-header';

/** /etablissements (issue #29): the organisation's venues the member may open, with this month's figures. */
export function VenuesPage() {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const venues = useVenues();
  return (
    <>
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-5">
        <PageHeader
          title={m.venues_list_heading()}
          description={venues.data ? m.venues_list_figures_of({ period: formatPeriod(venues.data.period, m, locale) }) : m.venues_list_current_month()}
          actions={
            <>
            <Link
              to={paths.venuesSynthesis.href()}
              className="inline-flex h-10 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-50"
            >
              <BarChart3 className="size-4" aria-hidden="true" />
              {m.venues_consolidated()}
            </Link>
            {venues.data?.canManage ? <AddVenueDialog country={venues.data.country} /> : null}
            </>
          }
        />
        {venues.isPending ? (
          <PageLoading label={m.venues_list_loading()} />
        ) : venues.isError ? (
          <QueryError title={m.venues_list_load_failed()} detail={m.venues_check_connection()} onRetry={() => void venues.refetch()} />
        ) : venues.data.venues.length === 0 ? (
          <Card className="p-6 text-center text-stone-600">{m.venues_list_empty()}</Card>
        ) : (
          <ul className="flex flex-col gap-4" aria-label={m.venues_list_title()}>
            {venues.data.venues.map((venue) => (
              <li key={venue.id}>
                <VenueCard venue={venue} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
