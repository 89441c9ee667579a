import { OwnerPage } from '../../../components/layouts/owner-layout';
import { UnderConstruction } from '../../../components/layouts/under-construction';

export default function Page() {
  return (
    <OwnerPage title="Lien d’avis">
      <UnderConstruction title="Lien d’avis" inFrame />
    </OwnerPage>
  );
}
