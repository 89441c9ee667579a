import { OwnerLayout } from '../../../components/layouts/owner-layout';
import { OwnerPagePlaceholder } from '../../../features/accounts/components/owner-page-placeholder';

export default function Page() {
  return (
    <OwnerLayout title="Lien d’avis">
      <OwnerPagePlaceholder title="Lien d’avis" />
    </OwnerLayout>
  );
}
