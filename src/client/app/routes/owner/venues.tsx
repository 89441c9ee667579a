import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router';
import { OwnerPage } from '../../layouts/owner-layout';
import { Card } from '../../../components/ui/card';
import { QueryError } from '../../../components/ui/query-error';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useVenues } from '../../../features/venues/api/get-venues';
import { AddVenueDialog } from '../../../features/venues/components/add-venue-dialog';
import { VenueCard } from '../../../features/venues/components/venue-card';
import { formatPeriodFr } from '../../../features/venues/format';

/** /etablissements (issue #29): the organisation's venues the member may open, with this month's figures. */
export default function VenuesPage() {
  const venues = useVenues();
  return (
    <OwnerPage title="Établissements">
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 className="text-2xl font-semibold tracking-tight">Vos établissements</h2>
            <p className="text-sm text-stone-600">
              {venues.data ? `Les chiffres ${formatPeriodFr(venues.data.period)}.` : 'Les chiffres du mois en cours.'}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link
              to={paths.venuesSynthesis.href()}
              className="inline-flex h-10 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-50"
            >
              <BarChart3 className="size-4" aria-hidden="true" />
              Vue consolidée
            </Link>
            {venues.data?.canManage ? <AddVenueDialog /> : null}
          </div>
        </div>
        {venues.isPending ? (
          <PageLoading label="Chargement des établissements…" />
        ) : venues.isError ? (
          <QueryError title="Impossible de charger vos établissements" detail="Vérifiez votre connexion puis réessayez." onRetry={() => void venues.refetch()} />
        ) : venues.data.venues.length === 0 ? (
          <Card className="p-6 text-center text-stone-600">Aucun établissement ne vous est ouvert pour le moment.</Card>
        ) : (
          <ul className="flex flex-col gap-4" aria-label="Établissements">
            {venues.data.venues.map((venue) => (
              <li key={venue.id}>
                <VenueCard venue={venue} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </OwnerPage>
  );
}
