import { OwnerPage } from '../../../components/owner-page';
import { CounterPage } from '../../../features/counter/components/counter-page';

export default function Page() {
  return (
    <OwnerPage title="Comptoir">
      <CounterPage />
    </OwnerPage>
  );
}
