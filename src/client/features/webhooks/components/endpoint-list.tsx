import { ChevronRight, Webhook } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { CardList } from '../../../components/ui/card-list';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { formatDateTimeFr } from '../../../../shared/format';
import { useWebhookEndpoints } from '../api/webhooks';
import { DeliveryStatusBadge, EndpointState, eventLabel } from './webhook-status';

/** The organisation's endpoints: address, status, events, last delivery and counts; each opens its page. */
export function EndpointList() {
  const query = useWebhookEndpoints();
  if (query.isPending) return <Skeleton className="h-32 w-full" />;
  if (query.isError) return <QueryError title="Impossible de charger les webhooks" onRetry={() => void query.refetch()} />;
  const { endpoints } = query.data;
  if (endpoints.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 px-5 py-10 text-center">
        <Webhook className="size-8 text-stone-400" aria-hidden="true" />
        <p className="font-semibold">Aucun point de terminaison</p>
        <p className="max-w-md text-sm text-stone-600">Ajoutez l’adresse d’un de vos outils : il recevra chaque nouvel avis, client ou récompense en temps réel.</p>
      </Card>
    );
  }
  return (
    <CardList items={endpoints} label="Points de terminaison" keyOf={(endpoint) => endpoint.id}>
      {(endpoint) => (
        <Link to={paths.webhookEndpoint.href(endpoint.id)} className="block rounded-xl focus-visible:outline-2 focus-visible:outline-brand-700">
          <Card className="flex items-start gap-3 p-4 hover:bg-stone-50">
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <EndpointState endpoint={endpoint} />
              <p className="text-sm text-stone-600">{endpoint.events.map(eventLabel).join(' · ')}</p>
              <p className="flex flex-wrap items-center gap-2 text-xs text-stone-600">
                {endpoint.lastDelivery ? (
                  <>
                    Dernier envoi : {formatDateTimeFr(endpoint.lastDelivery.createdAt)} <DeliveryStatusBadge status={endpoint.lastDelivery.status} />
                    <span>
                      · {endpoint.counts.succeeded} réussi{endpoint.counts.succeeded > 1 ? 's' : ''}, {endpoint.counts.pending} en attente, {endpoint.counts.failed} en échec
                    </span>
                  </>
                ) : (
                  'Aucun envoi pour l’instant'
                  )}
                </p>
              </div>
              <ChevronRight className="mt-1 size-5 shrink-0 text-stone-400" aria-hidden="true" />
            </Card>
          </Link>
      )}
    </CardList>
  );
}
