import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, Check, Copy, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogFormFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/input';
import { onInvalid, toastError } from '../../../lib/toast';
import { API_KEY_ACCESS } from '../../../../shared/rules/developer-api';
import {
  API_KEY_ACCESS_LABELS,
  API_KEY_NAME_MAX,
  CREATE_API_KEY_FIELD_ORDER,
  ZCreateApiKeyRequest,
  type TApiKeyCreated,
  type TApiKeyVenue,
  type TCreateApiKeyForm,
  type TCreateApiKeyRequest,
} from '../../../../shared/schemas/api-keys';
import { useCreateApiKey } from '../api/api-keys';

const EMPTY: TCreateApiKeyForm = { name: '', access: 'read', allVenues: true, venueIds: [], personalData: false };

const ACCESS_HINTS = {
  read: 'Lire les établissements, les avis, les clients, les récompenses et les visites.',
  read_write: 'Lire, et aussi remettre une récompense à un client.',
} as const;

/** The secret, shown once after creation, with a copy button. */
function SecretStep({ created, onClose }: { created: TApiKeyCreated; onClose: () => void }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
      toast.success('Clé copiée');
    } catch {
      toastError('Copie impossible', undefined, 'Sélectionnez la clé et copiez-la vous-même.');
    }
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>Clé « {created.key.name} » créée</DialogTitle>
        <DialogDescription>
          Envoyez-la dans l’en-tête de chaque requête : <code className="rounded bg-stone-100 px-1 text-xs whitespace-nowrap">Authorization: Bearer</code> suivi de la clé.
        </DialogDescription>
      </DialogHeader>
      <div className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>Copiez cette clé maintenant et gardez-la en lieu sûr : elle ne sera plus jamais affichée. En cas de perte, révoquez-la et créez-en une nouvelle.</p>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-secret`}>Votre clé d’API</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={`${id}-secret`}
            readOnly
            value={created.secret}
            className="font-mono text-xs"
            data-testid="api-key-secret"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copiée' : 'Copier'}
          </Button>
        </div>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onClose}>
          J’ai copié la clé
        </Button>
      </DialogFooter>
    </>
  );
}

/** « Créer une clé »: name, access, venues (all or chosen) and personal data, then the secret, once. */
export function CreateApiKeyDialog({ venues, disabled }: { venues: TApiKeyVenue[]; disabled?: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const form = useForm<TCreateApiKeyForm, unknown, TCreateApiKeyRequest>({ resolver: zodResolver(ZCreateApiKeyRequest), defaultValues: EMPTY });
  const create = useCreateApiKey();
  const invalid = form.formState.errors;
  const allVenues = useWatch({ control: form.control, name: 'allVenues' });
  const venueIds = useWatch({ control: form.control, name: 'venueIds' }) ?? [];

  const close = () => {
    setOpen(false);
    setCreated(null);
    form.reset(EMPTY);
  };

  const onValid = async (values: TCreateApiKeyRequest) => {
    try {
      setCreated(await create.mutateAsync(values));
      form.reset(EMPTY);
    } catch (error) {
      toastError('Création impossible', error);
    }
  };

  const toggleVenue = (venueId: string, checked: boolean) =>
    form.setValue('venueIds', checked ? [...venueIds, venueId] : venueIds.filter((chosen) => chosen !== venueId), { shouldDirty: true });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setOpen(true);
        else close();
      }}
    >
      <Button onClick={() => setOpen(true)} disabled={disabled}>
        <Plus aria-hidden="true" />
        Créer une clé
      </Button>
      <DialogContent
        // The secret is shown once: a click beside the dialog must not lose it.
        onInteractOutside={(event) => {
          if (created) event.preventDefault();
        }}
      >
        {created ? (
          <SecretStep created={created} onClose={close} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Créer une clé d’API</DialogTitle>
              <DialogDescription>Donnez-lui le nom de l’outil qui l’utilisera, et seulement les accès dont il a besoin.</DialogDescription>
            </DialogHeader>
            <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid(CREATE_API_KEY_FIELD_ORDER))} className="flex flex-col gap-5" aria-label="Nouvelle clé d’API">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-name`}>Nom de la clé</Label>
                <Input
                  id={`${id}-name`}
                  autoComplete="off"
                  maxLength={API_KEY_NAME_MAX}
                  placeholder="Ex. : Caisse enregistreuse"
                  aria-invalid={!!invalid.name}
                  {...form.register('name')}
                />
              </div>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1.5 text-sm font-medium text-stone-800">Accès</legend>
                {API_KEY_ACCESS.map((access) => (
                  <label key={access} className="flex items-start gap-2 rounded-lg border border-stone-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                    <input type="radio" value={access} className="mt-0.5 size-4 accent-brand-700" {...form.register('access')} />
                    <span className="flex flex-col gap-0.5">
                      <span className="font-medium">{API_KEY_ACCESS_LABELS[access]}</span>
                      <span className="text-stone-600">{ACCESS_HINTS[access]}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1.5 text-sm font-medium text-stone-800">Établissements</legend>
                <div className="flex flex-col gap-1">
                  <label className="flex min-h-10 items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={`${id}-scope`}
                      className="size-4 accent-brand-700"
                      checked={allVenues}
                      onChange={() => {
                        form.setValue('allVenues', true);
                        form.setValue('venueIds', []);
                      }}
                    />
                    Tous les établissements, y compris les futurs
                  </label>
                  <label className="flex min-h-10 items-center gap-2 text-sm">
                    <input type="radio" name={`${id}-scope`} className="size-4 accent-brand-700" checked={!allVenues} onChange={() => form.setValue('allVenues', false)} />
                    Certains établissements
                  </label>
                </div>
                {!allVenues ? (
                  <div className="flex flex-col gap-1 rounded-lg border border-stone-200 p-2">
                    {venues.map((venue) => (
                      <label key={venue.id} className="flex min-h-10 items-center gap-2 rounded-md px-2 text-sm hover:bg-stone-50">
                        <input
                          type="checkbox"
                          className="size-4 accent-brand-700"
                          checked={venueIds.includes(venue.id)}
                          onChange={(event) => toggleVenue(venue.id, event.target.checked)}
                        />
                        {venue.name}
                      </label>
                    ))}
                  </div>
                ) : null}
              </fieldset>
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" aria-describedby={`${id}-personal-hint`} {...form.register('personalData')} />
                <span className="flex flex-col gap-0.5">
                  <span className="font-medium">Accès aux données personnelles</span>
                  <span id={`${id}-personal-hint`} className="text-stone-600">
                    Noms, emails et téléphones de vos clients. Sans cet accès, la clé lit les clients sans leurs coordonnées.
                  </span>
                </span>
              </label>
              <DialogFormFooter submitLabel="Créer la clé" busy={create.isPending} busyLabel="Création…" />
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
