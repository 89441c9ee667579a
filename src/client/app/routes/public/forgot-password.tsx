import { UnderConstruction } from '../../../components/layouts/under-construction';

export default function Page() {
  return <UnderConstruction title="Mot de passe oublié" />;
}
