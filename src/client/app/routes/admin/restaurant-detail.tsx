import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPage } from '../../layouts/admin-layout';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { useAdminOrganisation } from '../../../features/admin/api/get-restaurant';
import { HistoryCard } from '../../../features/admin/components/history-card';
import { IdentityCard, MembersCard } from '../../../features/admin/components/identity-card';
import { NotesCard } from '../../../features/admin/components/notes-card';
import { PlanCard } from '../../../features/admin/components/plan-card';
import { QueryError } from '../../../components/ui/query-error';
import { OrganisationActions } from '../../../features/admin/components/restaurant-actions';
import { OrganisationStatusBadge } from '../../../features/admin/components/status-badge';
import { VenuesCard } from '../../../features/admin/components/venues-card';
import { toastErrorTitle } from '../../../lib/toast';

/** An organisation (decision 055): its decisions, its venues and its members. A venue's id opens its organisation. */
export default function AdminRestaurantDetailPage() {
  const { id = '' } = useParams();
  return (
    <AdminPage title="Organisation">
      <div className="flex flex-col gap-4">
        <Link to={paths.adminRestaurants.href()} className="inline-flex w-fit items-center gap-1 text-sm text-stone-600 hover:text-stone-900">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Toutes les organisations
        </Link>
        <OrganisationDetail id={id} />
      </div>
    </AdminPage>
  );
}

function OrganisationDetail({ id }: { id: string }) {
  const query = useAdminOrganisation(id);
  // Notes being typed; null follows what the server has.
  const [notes, setNotes] = useState<string | null>(null);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  useEffect(() => {
    if (!query.error) return;
    // Spec §8's exact words (the id may name a venue or its organisation).
    toastErrorTitle(notFound ? ADMIN_MESSAGES.restaurantNotFound : ADMIN_MESSAGES.restaurantLoadFailed, { id: `admin-organisation-${id}` });
  }, [query.error, notFound, id]);

  if (query.isPending) {
    return (
      <div role="status" aria-live="polite" className="flex flex-col gap-4">
        <span className="sr-only">Chargement de l’organisation…</span>
        <Skeleton className="h-9 w-2/3" />
        <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
          <Skeleton className="h-80" />
          <Skeleton className="h-48" />
        </div>
      </div>
    );
  }

  if (query.isError) {
    return notFound ? (
      <QueryError title={ADMIN_MESSAGES.restaurantNotFound} detail="Cette organisation n’existe pas ou a été supprimée.">
        <Button asChild variant="outline">
          <Link to={paths.adminRestaurants.href()}>Retour aux organisations</Link>
        </Button>
      </QueryError>
    ) : (
      <QueryError title={ADMIN_MESSAGES.restaurantLoadFailed} detail={query.error.message} onRetry={() => query.refetch()} />
    );
  }

  const detail = query.data;
  const r = detail.organisation;
  const savedNotes = r.notes ?? '';
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold break-words">{r.name}</h1>
        <span aria-live="polite">
          <OrganisationStatusBadge status={r.status} />
        </span>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-[1fr_24rem]">
        <div className="flex flex-col gap-4 lg:order-last">
          <OrganisationActions organisation={r} notes={notes ?? savedNotes} />
          <NotesCard organisationId={r.id} value={notes ?? savedNotes} saved={savedNotes} onChange={setNotes} />
          <PlanCard key={JSON.stringify(r.plan)} organisationId={r.id} plan={r.plan} />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <IdentityCard detail={detail} />
          <VenuesCard venues={detail.venues} organisationApproved={r.status === 'approved'} />
          <MembersCard detail={detail} />
          <HistoryCard detail={detail} />
        </div>
      </div>
    </>
  );
}
