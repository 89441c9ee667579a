import { OwnerPage } from '../../../components/owner-page';
import { VenuesSynthesisPage } from '../../../features/venues/components/venues-synthesis-page';

export default function Page() {
  return (
    <OwnerPage title="Vue consolidée des établissements">
      <VenuesSynthesisPage />
    </OwnerPage>
  );
}
