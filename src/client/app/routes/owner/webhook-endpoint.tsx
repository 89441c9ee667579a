import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { OwnerPage } from '../../layouts/owner-layout';
import { API_GATE } from '../../layouts/api-gate';
import { PlanFeatureGate } from '../../layouts/plan-feature-gate';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../../shared/paths';
import { useWebhookEndpoint } from '../../../features/webhooks/api/webhooks';
import { DeliveryList } from '../../../features/webhooks/components/delivery-list';
import { EndpointSettings } from '../../../features/webhooks/components/endpoint-settings';

function Endpoint({ id }: { id: string }) {
  const query = useWebhookEndpoint(id);
  if (query.isPending) return <Skeleton className="h-48 w-full" />;
  if (query.isError) return <QueryError title="Point de terminaison introuvable" onRetry={() => void query.refetch()} />;
  return (
    <>
      <EndpointSettings endpoint={query.data} />
      <DeliveryList endpoint={query.data} />
    </>
  );
}

/** /developpeurs/webhooks/:id (issue #31): one endpoint, its settings and its deliveries. */
export default function Page() {
  const { id = '' } = useParams();
  return (
    <OwnerPage title="Webhook">
      <PlanFeatureGate feature="api" {...API_GATE}>
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            <Link to={paths.webhooks.href()} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-4">
              <ArrowLeft className="size-4" aria-hidden="true" />
              Webhooks
            </Link>
            <Link to={paths.developers.href()} className="text-sm font-medium text-brand-700 underline underline-offset-4">
              API et clés
            </Link>
          </div>
          <h2 className="text-2xl font-semibold">Point de terminaison</h2>
          <Endpoint id={id} />
        </div>
      </PlanFeatureGate>
    </OwnerPage>
  );
}
