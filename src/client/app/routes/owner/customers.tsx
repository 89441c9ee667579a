import { OwnerLayout } from '../../../components/layouts/owner-layout';
import { UnderConstruction } from '../../../components/layouts/under-construction';

export default function Page() {
  return (
    <OwnerLayout title="Clients">
      <UnderConstruction title="Clients" inFrame />
    </OwnerLayout>
  );
}
