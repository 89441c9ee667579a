import { OwnerPage } from '../../../components/owner-page';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { CustomersPage } from '../../../features/customers/components/customers-page';

export default function Page() {
  const m = useOwnerMessages();
  return (
    <OwnerPage title={m.customers_page_title()}>
      <CustomersPage />
    </OwnerPage>
  );
}
