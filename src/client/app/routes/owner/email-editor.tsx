import { OwnerPage } from '../../../components/layouts/owner-layout';
import { UnderConstruction } from '../../../components/layouts/under-construction';

export default function Page() {
  return (
    <OwnerPage title="Éditeur d’email">
      <UnderConstruction title="Éditeur d’email" inFrame />
    </OwnerPage>
  );
}
