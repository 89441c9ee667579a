import { UnderConstruction } from '../../../components/layouts/under-construction';

export default function Page() {
  return <UnderConstruction title="Tableau de bord" />;
}
