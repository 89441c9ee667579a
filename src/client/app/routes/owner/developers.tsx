import { OwnerPage } from '../../../components/owner-page';
import { API_GATE } from '../../layouts/api-gate';
import { PlanFeatureGate } from '../../layouts/plan-feature-gate';
import { DevelopersPage } from '../../../features/api-keys/components/developers-page';

export default function Page() {
  return (
    <OwnerPage title="API et clés">
      <PlanFeatureGate feature="api" {...API_GATE}>
        <DevelopersPage />
      </PlanFeatureGate>
    </OwnerPage>
  );
}
