import { AdminPage } from '../../layouts/admin-layout';
import { OrganisationsDirectory } from '../../../features/admin/components/restaurants-directory';

export default function AdminRestaurantsPage() {
  return (
    <AdminPage title="Organisations">
      <div className="flex flex-col gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Organisations</h1>
          <p className="text-stone-600">Tous les comptes de la plateforme, avec leurs établissements et leurs membres.</p>
        </div>
        <OrganisationsDirectory />
      </div>
    </AdminPage>
  );
}
