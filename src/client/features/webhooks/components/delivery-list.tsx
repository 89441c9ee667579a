import { ChevronDown, RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { toastError } from '../../../lib/toast';
import { formatDateTimeFr } from '../../../../shared/format';
import type { TWebhookDelivery, TWebhookEndpoint } from '../../../../shared/schemas/webhooks';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhooks';
import { DeliveryStatusBadge, eventLabel } from './webhook-status';

function DeliveryItem({ delivery, endpoint }: { delivery: TWebhookDelivery; endpoint: TWebhookEndpoint }) {
  const resend = useResendDelivery();
  async function resendNow() {
    try {
      await resend.mutateAsync({ id: endpoint.id, deliveryId: delivery.id });
      toast.success('Nouvel envoi programmé');
    } catch (error) {
      toastError('Renvoi impossible', error);
    }
  }
  return (
    <li className="border-b border-stone-200 last:border-b-0">
      <details className="group">
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-stone-50">
          <ChevronDown className="size-4 shrink-0 text-stone-500 transition-transform group-open:rotate-180" aria-hidden="true" />
          <span className="font-medium">{eventLabel(delivery.eventType)}</span>
          <DeliveryStatusBadge status={delivery.status} />
          <span className="text-sm text-stone-600">{formatDateTimeFr(delivery.createdAt)}</span>
          <span className="text-sm text-stone-600">
            {delivery.attempts} tentative{delivery.attempts > 1 ? 's' : ''}
          </span>
        </summary>
        <div className="flex flex-col gap-3 px-4 pb-4">
          {delivery.status === 'pending' && delivery.nextAttemptAt ? <p className="text-sm text-stone-600">Prochaine tentative : {formatDateTimeFr(delivery.nextAttemptAt)}</p> : null}
          {delivery.attemptLog.length === 0 ? (
            <p className="text-sm text-stone-600">Pas encore de tentative.</p>
          ) : (
            <ol className="flex flex-col gap-2" aria-label="Tentatives">
              {delivery.attemptLog.map((attempt) => (
                <li key={attempt.id} className="rounded-md border border-stone-200 p-3 text-sm">
                  <p className="flex flex-wrap gap-x-3">
                    <span>{formatDateTimeFr(attempt.attemptedAt)}</span>
                    <span className="font-medium">{attempt.responseStatus === null ? 'Sans réponse' : `HTTP ${attempt.responseStatus}`}</span>
                    <span className="text-stone-600">{attempt.durationMs} ms</span>
                  </p>
                  {attempt.error ? <p className="mt-1 text-red-700">{attempt.error}</p> : null}
                  {attempt.responseExcerpt ? <pre className="mt-2 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-stone-50 p-2 font-mono text-xs">{attempt.responseExcerpt}</pre> : null}
                </li>
              ))}
            </ol>
          )}
          <div>
            <Button variant="outline" size="sm" onClick={() => void resendNow()} disabled={resend.isPending || endpoint.status !== 'active'}>
              <RotateCw className="size-4" aria-hidden="true" />
              Renvoyer
            </Button>
          </div>
        </div>
      </details>
    </li>
  );
}

/** An endpoint's deliveries, newest first, 20 at a time; each expands to its attempts. */
export function DeliveryList({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const query = useWebhookDeliveries(endpoint.id);
  if (query.isPending) return <Skeleton className="h-24 w-full" />;
  if (query.isError) return <QueryError title="Impossible de charger les envois" onRetry={() => void query.refetch()} />;
  const deliveries = query.data.pages.flatMap((page) => page.deliveries);
  return (
    <Card className="flex flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-stone-200 px-4 py-3">
        <h2 className="text-lg font-semibold">Envois</h2>
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
          Actualiser
        </Button>
      </div>
      {deliveries.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-stone-600">Aucun envoi pour l’instant : ils apparaîtront ici au prochain événement.</p>
      ) : (
        <ul aria-label="Envois">
          {deliveries.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} endpoint={endpoint} />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className="border-t border-stone-200 p-3 text-center">
          <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            Voir les envois précédents
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
