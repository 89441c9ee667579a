import { OwnerPage } from '../../../components/layouts/owner-layout';
import { UnderConstruction } from '../../../components/layouts/under-construction';

export default function Page() {
  return (
    <OwnerPage title="Sécurité">
      <UnderConstruction title="Sécurité" inFrame />
    </OwnerPage>
  );
}
