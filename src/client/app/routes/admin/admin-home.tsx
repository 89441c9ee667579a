import { Store, Users } from 'lucide-react';
import { Link } from 'react-router';
import { AdminPage } from '../../layouts/admin-layout';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useAdminOverview } from '../../../features/admin/api/get-overview';
import { MailWarnings } from '../../../features/admin/components/mail-warnings';
import { PendingList } from '../../../features/admin/components/pending-list';
import { QueryError } from '../../../components/ui/query-error';
import { StatusCounters } from '../../../features/admin/components/status-counters';

export default function AdminHomePage() {
  const overview = useAdminOverview();
  return (
    <AdminPage title="Administration">
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-semibold">Administration</h1>
            <p className="text-stone-600">Validez les nouvelles organisations et gérez les comptes de la plateforme.</p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild variant="outline">
              <Link to={paths.adminAdmins.href()}>
                <Users aria-hidden="true" />
                Gérer les administrateurs
              </Link>
            </Button>
            <Button asChild>
              <Link to={paths.adminRestaurants.href()}>
                <Store aria-hidden="true" />
                Voir toutes les organisations
              </Link>
            </Button>
          </div>
        </div>

        {overview.isPending ? (
          <div role="status" aria-live="polite" className="flex flex-col gap-4">
            <span className="sr-only">Chargement…</span>
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-24" />
              ))}
            </div>
            <Skeleton className="h-64" />
          </div>
        ) : overview.isError ? (
          <QueryError title="Impossible de charger le tableau de bord" detail={overview.error.message} onRetry={() => overview.refetch()} />
        ) : (
          <>
            <MailWarnings warnings={overview.data.mailWarnings} />
            <StatusCounters counts={overview.data.counts} />
            <Card>
              <CardHeader>
                <CardTitle>Demandes en attente</CardTitle>
                <CardDescription>Les plus anciennes d’abord. Ouvrez une demande pour l’approuver ou la refuser.</CardDescription>
              </CardHeader>
              <PendingList pending={overview.data.pending} total={overview.data.counts.pending} />
            </Card>
          </>
        )}
      </div>
    </AdminPage>
  );
}
