import { UnderConstruction } from '../../../components/layouts/under-construction';

export default function Page() {
  return <UnderConstruction title="Éditeur d’email" />;
}
