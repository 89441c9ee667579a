import { Badge } from '../../../components/ui/badge';
import { WEBHOOK_EVENT_LABELS, isWebhookEvent } from '../../../../shared/rules/developer-api';
import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_DISABLED_REASON_LABELS, WEBHOOK_STATUS_LABELS, type TWebhookDelivery, type TWebhookEndpoint } from '../../../../shared/schemas/webhooks';

/** « Actif » / « Désactivé », with the reason of a disabled endpoint. */
export function EndpointStatusBadge({ endpoint }: { endpoint: Pick<TWebhookEndpoint, 'status' | 'disabledReason'> }) {
  if (endpoint.status === 'active') return <Badge variant="success">{WEBHOOK_STATUS_LABELS.active}</Badge>;
  return (
    <Badge variant="danger" title={endpoint.disabledReason ? WEBHOOK_DISABLED_REASON_LABELS[endpoint.disabledReason] : undefined}>
      {WEBHOOK_STATUS_LABELS.disabled}
    </Badge>
  );
}

/** Why an endpoint is disabled, as a sentence. */
export function disabledReasonText(endpoint: Pick<TWebhookEndpoint, 'disabledReason'>): string | null {
  return endpoint.disabledReason ? WEBHOOK_DISABLED_REASON_LABELS[endpoint.disabledReason] : null;
}

const DELIVERY_VARIANT = { pending: 'warning', succeeded: 'success', failed: 'danger' } as const;

/** « Réussie » / « En attente » / « Échec ». */
export function DeliveryStatusBadge({ status }: { status: TWebhookDelivery['status'] }) {
  return <Badge variant={DELIVERY_VARIANT[status]}>{WEBHOOK_DELIVERY_STATUS_LABELS[status]}</Badge>;
}

/** An event's French label (its technical name when unknown). */
export function eventLabel(type: string): string {
  if (type === 'webhook.test') return 'Événement de test';
  return isWebhookEvent(type) ? WEBHOOK_EVENT_LABELS[type] : type;
}
