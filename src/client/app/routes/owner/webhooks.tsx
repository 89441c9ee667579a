import { OwnerPage } from '../../../components/owner-page';
import { API_GATE } from '../../layouts/api-gate';
import { PlanFeatureGate } from '../../layouts/plan-feature-gate';
import { WebhooksPage } from '../../../features/webhooks/components/webhooks-page';

export default function Page() {
  return (
    <OwnerPage title="Webhooks">
      <PlanFeatureGate feature="api" {...API_GATE}>
        <WebhooksPage />
      </PlanFeatureGate>
    </OwnerPage>
  );
}
