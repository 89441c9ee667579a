import { useEffect } from 'react';
import { AdminPage } from '../../layouts/admin-layout';
import { useAdminMe } from '../../../features/admin/api/get-admin-me';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAdmins } from '../../../features/admin/api/get-admins';
import { AddAdminForm } from '../../../features/admin/components/add-admin-form';
import { AdminsList } from '../../../features/admin/components/admins-list';
import { QueryError } from '../../../components/ui/query-error';
import { toastErrorTitle } from '../../../lib/toast';

const LOAD_ERROR = 'Erreur lors du chargement des admins';

export default function AdminAdminsPage() {
  return (
    <AdminPage title="Administrateurs">
      <div className="flex flex-col gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Administrateurs</h1>
          <p className="text-stone-600">Les personnes qui valident et gèrent les comptes restaurant.</p>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Ajouter un administrateur</CardTitle>
          </CardHeader>
          <CardContent>
            <AddAdminForm />
          </CardContent>
        </Card>
        <AdminsCard />
      </div>
    </AdminPage>
  );
}

function AdminsCard() {
  const admins = useAdmins();
  const me = useAdminMe();

  useEffect(() => {
    if (admins.isError) toastErrorTitle(LOAD_ERROR, { id: 'admins-load-error' });
  }, [admins.isError]);

  if (admins.isPending || !me.data) {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">Chargement…</span>
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (admins.isError) return <QueryError title={LOAD_ERROR} detail={admins.error.message} onRetry={() => admins.refetch()} />;

  const { count } = admins.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Administrateurs actuels <span className="text-stone-500">({count})</span>
        </CardTitle>
        <CardDescription>
          {count} administrateur{count > 1 ? 's' : ''}. Vous ne pouvez pas vous retirer vous-même, et le dernier administrateur ne peut pas être retiré.
        </CardDescription>
      </CardHeader>
      <AdminsList admins={admins.data.admins} currentUserId={me.data.user.id} />
    </Card>
  );
}
