import { Badge } from '../../../components/ui/badge';
import { formatDateTimeFr } from '../../../../shared/format';
import { WEBHOOK_EVENT_LABELS, isWebhookEvent } from '../../../../shared/rules/developer-api';
import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_DISABLED_REASON_LABELS, WEBHOOK_STATUS_LABELS, type TWebhookDelivery, type TWebhookEndpoint } from '../../../../shared/schemas/webhooks';

/** « Actif » / « En pause » / « Désactivé », with the reason of a disabled endpoint. */
export function EndpointStatusBadge({ endpoint }: { endpoint: Pick<TWebhookEndpoint, 'status' | 'disabledReason' | 'pausedUntil'> }) {
  if (endpoint.status === 'active' && endpoint.pausedUntil) return <Badge variant="warning">{WEBHOOK_PAUSED_LABEL}</Badge>;
  if (endpoint.status === 'active') return <Badge variant="success">{WEBHOOK_STATUS_LABELS.active}</Badge>;
  return (
    <Badge variant="danger" title={endpoint.disabledReason ? WEBHOOK_DISABLED_REASON_LABELS[endpoint.disabledReason] : undefined}>
      {WEBHOOK_STATUS_LABELS.disabled}
    </Badge>
  );
}

export const WEBHOOK_PAUSED_LABEL = 'En pause';

/** A paused endpoint (the circuit breaker, decision 077), as a sentence: why, until when, what happens to its events. */
export function pausedText(endpoint: Pick<TWebhookEndpoint, 'status' | 'pausedUntil' | 'consecutiveFailures'>): string | null {
  if (endpoint.status !== 'active' || !endpoint.pausedUntil) return null;
  return `En pause jusqu’au ${formatDateTimeFr(endpoint.pausedUntil)} après ${endpoint.consecutiveFailures} échecs d’affilée (délai dépassé ou erreur) : ses événements attendent et lui seront envoyés à la fin de la pause. « Envoyer un test » le remet en service s’il répond.`;
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

/**
 * An endpoint's status and address, its description (not on its own page, where a field edits it), then
 * why it is disabled or paused: in the list and on the endpoint's page.
 */
export function EndpointState({ endpoint, withDescription = true }: { endpoint: TWebhookEndpoint; withDescription?: boolean }) {
  const disabled = disabledReasonText(endpoint);
  const paused = pausedText(endpoint);
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <EndpointStatusBadge endpoint={endpoint} />
        <span className="min-w-0 font-mono text-sm break-all">{endpoint.url}</span>
      </div>
      {withDescription && endpoint.description ? <p className="text-sm text-stone-700">{endpoint.description}</p> : null}
      {disabled ? <p className="text-sm text-red-700">{disabled}</p> : null}
      {paused ? (
        <p className="text-sm text-amber-800" role="status">
          {paused}
        </p>
      ) : null}
    </>
  );
}
