import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input, Label } from '../../../components/ui/input';
import { onInvalid, toastError } from '../../../lib/toast';
import { paths } from '../../../../shared/paths';
import { formatDateTimeFr } from '../../../../shared/format';
import { WEBHOOK_DESCRIPTION_MAX_LENGTH, ZUpdateWebhookEndpointRequest, type TUpdateWebhookEndpointRequest, type TWebhookEndpoint } from '../../../../shared/schemas/webhooks';
import { useDeleteEndpoint, useRotateSecret, useSendTestEvent, useUpdateEndpoint } from '../api/webhooks';
import { EventCheckboxes } from './event-checkboxes';
import { SecretReveal } from './secret-reveal';
import { EndpointState } from './webhook-status';

/** One endpoint's settings: events and description, enable/disable, secret rotation, deletion. */
export function EndpointSettings({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const navigate = useNavigate();
  const update = useUpdateEndpoint();
  const rotate = useRotateSecret();
  const remove = useDeleteEndpoint();
  const test = useSendTestEvent();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<TUpdateWebhookEndpointRequest>({
    resolver: zodResolver(ZUpdateWebhookEndpointRequest) as never,
    values: { events: endpoint.events, description: endpoint.description },
  });

  const save = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: endpoint.id, events: values.events, description: values.description });
      toast.success('Modifications enregistrées');
    } catch (error) {
      toastError('Enregistrement impossible', error);
    }
  }, onInvalid(['events', 'description']));

  async function setEnabled(enabled: boolean) {
    try {
      await update.mutateAsync({ id: endpoint.id, enabled });
      toast.success(enabled ? 'Point de terminaison réactivé' : 'Point de terminaison désactivé');
    } catch (error) {
      toastError('Modification impossible', error);
    }
  }

  async function rotateSecret() {
    try {
      setSecret((await rotate.mutateAsync(endpoint.id)).secret);
    } catch (error) {
      toastError('Renouvellement impossible', error);
    }
  }

  async function sendTest() {
    try {
      await test.mutateAsync(endpoint.id);
      toast.success('Événement de test envoyé', { description: 'Il apparaît dans les envois ci-dessous.' });
    } catch (error) {
      toastError('Envoi impossible', error);
    }
  }

  async function deleteEndpoint() {
    try {
      await remove.mutateAsync(endpoint.id);
      toast.success('Point de terminaison supprimé');
      void navigate(paths.webhooks.href());
    } catch (error) {
      toastError('Suppression impossible', error);
    }
  }

  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-5">
      <div className="flex flex-col gap-2">
        <EndpointState endpoint={endpoint} withDescription={false} />
        {endpoint.failingSince && endpoint.status === 'active' ? (
          <p className="text-sm text-amber-800">En échec depuis le {formatDateTimeFr(endpoint.failingSince)} : après 3 jours sans succès, il sera désactivé.</p>
        ) : null}
        <p className="text-xs text-stone-600">
          Ajouté le {formatDateTimeFr(endpoint.createdAt)}
          {endpoint.secretRotatedAt ? ` · secret renouvelé le ${formatDateTimeFr(endpoint.secretRotatedAt)}` : ''}
        </p>
      </div>

      {secret ? <SecretReveal secret={secret} onDone={() => setSecret(null)} /> : null}

      <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void save(event)} aria-label="Réglages du point de terminaison">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="endpoint-description">Description</Label>
          <Input id="endpoint-description" autoComplete="off" maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH} {...form.register('description')} />
        </div>
        <EventCheckboxes idPrefix="endpoint-event" field={form.register('events')} />
        <div>
          <Button type="submit" disabled={update.isPending}>
            Enregistrer
          </Button>
        </div>
      </form>

      <div className="flex flex-wrap gap-2 border-t border-stone-200 pt-4">
        {endpoint.status === 'active' ? (
          <ConfirmDialog
            trigger={<Button variant="outline">Désactiver</Button>}
            title="Désactiver ce point de terminaison ?"
            description="Plus aucun événement ne lui sera envoyé, et les envois en attente sont abandonnés. Vous pourrez le réactiver."
            confirmLabel="Désactiver"
            onConfirm={() => setEnabled(false)}
          />
        ) : (
          <Button variant="outline" onClick={() => void setEnabled(true)} disabled={update.isPending}>
            Réactiver
          </Button>
        )}
        <Button variant="outline" onClick={() => void sendTest()} disabled={test.isPending || endpoint.status !== 'active'}>
          <Send className="size-4" aria-hidden="true" />
          Envoyer un test
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="outline">
              <RefreshCw className="size-4" aria-hidden="true" />
              Renouveler le secret
            </Button>
          }
          tone="default"
          title="Renouveler le secret ?"
          description="L’ancien secret cesse de signer immédiatement : mettez à jour votre outil avec le nouveau, affiché une seule fois."
          confirmLabel="Renouveler"
          onConfirm={rotateSecret}
        />
        <ConfirmDialog
          trigger={
            <Button variant="destructive">
              <Trash2 className="size-4" aria-hidden="true" />
              Supprimer
            </Button>
          }
          title="Supprimer ce point de terminaison ?"
          description="Il ne recevra plus aucun événement et son historique d’envois est effacé. Cette action est définitive."
          confirmLabel="Supprimer"
          onConfirm={deleteEndpoint}
        />
      </div>
    </Card>
  );
}
