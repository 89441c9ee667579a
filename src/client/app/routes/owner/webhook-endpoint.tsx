import { useParams } from 'react-router';
import { OwnerPage } from '../../../components/owner-page';
import { API_GATE } from '../../layouts/api-gate';
import { PlanFeatureGate } from '../../layouts/plan-feature-gate';
import { EndpointPage } from '../../../features/webhooks/components/endpoint-page';

export default function Page() {
  const { id = '' } = useParams();
  return (
    <OwnerPage title="Webhook">
      <PlanFeatureGate feature="api" {...API_GATE}>
        <EndpointPage id={id} />
      </PlanFeatureGate>
    </OwnerPage>
  );
}
