import { OwnerPage } from '../../../components/owner-page';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { VenuesPage } from '../../../features/venues/components/venues-page';

export default function Page() {
  const m = useOwnerMessages();
  return (
    <OwnerPage title={m.venues_list_title()}>
      <VenuesPage />
    </OwnerPage>
  );
}
