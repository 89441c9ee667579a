import { OwnerPage } from '../../../components/owner-page';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { useOwnerMessages } from '../../../lib/owner-locale';

/** /tableau-de-bord (features/dashboard). */
export default function Page() {
  const m = useOwnerMessages();
  return (
    <OwnerPage title={m.reviews_dashboard_page_title()}>
      <DashboardPage />
    </OwnerPage>
  );
}
