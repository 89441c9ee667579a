import { OwnerPage } from '../../../components/owner-page';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { PendingRewardsPage } from '../../../features/counter/components/pending-rewards-page';

export default function Page() {
  const m = useOwnerMessages();
  return (
    <OwnerPage title={m.counter_pending_page_title()}>
      <PendingRewardsPage />
    </OwnerPage>
  );
}
