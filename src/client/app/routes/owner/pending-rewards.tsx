import { OwnerPage } from '../../../components/owner-page';
import { PendingRewardsPage } from '../../../features/counter/components/pending-rewards-page';

export default function Page() {
  return (
    <OwnerPage title="Récompenses à remettre">
      <PendingRewardsPage />
    </OwnerPage>
  );
}
