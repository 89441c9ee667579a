import { OwnerPage } from '../../../components/owner-page';
import { CustomersPage } from '../../../features/customers/components/customers-page';

export default function Page() {
  return (
    <OwnerPage title="Clients">
      <CustomersPage />
    </OwnerPage>
  );
}
