import { OwnerPage } from '../../../components/layouts/owner-layout';
import { UnderConstruction } from '../../../components/layouts/under-construction';

export default function Page() {
  return (
    <OwnerPage title="Automations">
      <UnderConstruction title="Automations" inFrame />
    </OwnerPage>
  );
}
