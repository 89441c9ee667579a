import { Link } from 'react-router';
import { BackLink, PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useWebhookEndpoint } from '../api/webhooks';
import { DeliveryList } from './delivery-list';
import { EndpointSettings } from './endpoint-settings';

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
export function EndpointPage({ id }: { id: string }) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <BackLink to={paths.webhooks.href()}>Webhooks</BackLink>
        <Link to={paths.developers.href()} className="text-sm font-medium text-brand-700 hover:underline">
          API et clés
        </Link>
      </div>
      <PageHeader title="Point de terminaison" />
      <Endpoint id={id} />
    </div>
  );
}
