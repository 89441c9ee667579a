import { OwnerPage } from '../../layouts/owner-layout';
import { API_GATE } from '../../layouts/api-gate';
import { PlanFeatureGate } from '../../layouts/plan-feature-gate';

/** Issue #31: built in the next commits. */
export default function Page() {
  return (
    <OwnerPage title="Webhook">
      <PlanFeatureGate feature="api" {...API_GATE}>
        <p>Un webhook</p>
      </PlanFeatureGate>
    </OwnerPage>
  );
}
