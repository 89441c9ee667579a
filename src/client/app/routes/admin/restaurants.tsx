import { AdminPage } from '../../layouts/admin-layout';
import { RestaurantsDirectory } from '../../../features/admin/components/restaurants-directory';

export default function AdminRestaurantsPage() {
  return (
    <AdminPage title="Restaurants">
      <div className="flex flex-col gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Restaurants</h1>
          <p className="text-stone-600">Tous les comptes restaurant de la plateforme.</p>
        </div>
        <RestaurantsDirectory />
      </div>
    </AdminPage>
  );
}
