import { OwnerLayout } from '../../../components/layouts/owner-layout';
import { OwnerPagePlaceholder } from '../../../features/accounts/components/owner-page-placeholder';

export default function Page() {
  return (
    <OwnerLayout title="Sécurité">
      <OwnerPagePlaceholder title="Sécurité" />
    </OwnerLayout>
  );
}
