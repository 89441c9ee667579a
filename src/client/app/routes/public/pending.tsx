import { UnderConstruction } from '../../../components/layouts/under-construction';

export default function Page() {
  return <UnderConstruction title="Compte en cours de validation" />;
}
