import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/input';
import { onInvalid, toastError } from '../../../lib/toast';
import { WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_URL_MAX_LENGTH, ZCreateWebhookEndpointRequest, type TCreateWebhookEndpointRequest } from '../../../../shared/schemas/webhooks';
import { useCreateEndpoint } from '../api/webhooks';
import { EventCheckboxes } from './event-checkboxes';
import { SecretReveal } from './secret-reveal';

const FIELD_ORDER = ['url', 'description', 'events'] as const;
const EMPTY: TCreateWebhookEndpointRequest = { url: '', description: '', events: ['feedback.created'] };

/** « Ajouter un point de terminaison »: URL, description, events; then the secret, shown once. */
export function CreateEndpointDialog() {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useCreateEndpoint();
  const form = useForm<TCreateWebhookEndpointRequest>({ resolver: zodResolver(ZCreateWebhookEndpointRequest) as never, defaultValues: EMPTY });

  function change(next: boolean) {
    setOpen(next);
    if (!next) {
      setSecret(null);
      form.reset(EMPTY);
    }
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      setSecret(created.secret);
    } catch (error) {
      toastError('Ajout impossible', error);
    }
  }, onInvalid(FIELD_ORDER));

  return (
    <Dialog open={open} onOpenChange={change}>
      <Button type="button" onClick={() => change(true)}>
        <Plus className="size-4" aria-hidden="true" />
        Ajouter un point de terminaison
      </Button>
      <DialogContent>
        {secret ? (
          <div className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>Point de terminaison ajouté</DialogTitle>
              <DialogDescription>Les événements choisis lui sont envoyés dès maintenant, signés avec ce secret.</DialogDescription>
            </DialogHeader>
            <SecretReveal secret={secret} onDone={() => change(false)} />
          </div>
        ) : (
          <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} aria-label="Ajouter un point de terminaison">
            <DialogHeader>
              <DialogTitle>Ajouter un point de terminaison</DialogTitle>
              <DialogDescription>ReFeed enverra une requête POST signée à cette adresse à chaque événement choisi.</DialogDescription>
            </DialogHeader>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="webhook-url">Adresse (URL)</Label>
              <Input id="webhook-url" type="url" inputMode="url" autoComplete="off" placeholder="https://exemple.fr/webhooks/refeed" maxLength={WEBHOOK_URL_MAX_LENGTH} {...form.register('url')} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="webhook-description">Description (facultative)</Label>
              <Input id="webhook-description" autoComplete="off" placeholder="Logiciel de caisse" maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH} {...form.register('description')} />
            </div>
            <EventCheckboxes idPrefix="create-event" field={form.register('events')} />
            <DialogFormFooter submitLabel="Ajouter" busy={create.isPending} busyLabel="Ajout…" />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
