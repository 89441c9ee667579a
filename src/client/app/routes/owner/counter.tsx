import { OwnerPage } from '../../../components/owner-page';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { CounterPage } from '../../../features/counter/components/counter-page';

export default function Page() {
  const m = useOwnerMessages();
  return (
    <OwnerPage title={m.counter_page_title()}>
      <CounterPage />
    </OwnerPage>
  );
}
