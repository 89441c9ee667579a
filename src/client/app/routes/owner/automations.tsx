import { OwnerLayout } from '../../../components/layouts/owner-layout';
import { UnderConstruction } from '../../../components/layouts/under-construction';

export default function Page() {
  return (
    <OwnerLayout title="Automations">
      <UnderConstruction title="Automations" inFrame />
    </OwnerLayout>
  );
}
