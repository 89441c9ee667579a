import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { onInvalid, toastError } from '../../../lib/toast';
import { CREATE_VENUE_FIELD_ORDER, ZCreateVenueRequest, type TCreateVenueForm, type TCreateVenueRequest } from '../../../../shared/schemas/venues';
import { useCreateVenue } from '../api/create-venue';

const EMPTY: TCreateVenueForm = { name: '', address: '', siret: '' };

/** 'Ajouter un établissement' (propriétaire only): name, address and SIRET, checked by the shared schema. */
export function AddVenueDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const form = useForm<TCreateVenueForm, unknown, TCreateVenueRequest>({ resolver: zodResolver(ZCreateVenueRequest), defaultValues: EMPTY });
  const create = useCreateVenue();
  const invalid = form.formState.errors;

  const onValid = async (values: TCreateVenueRequest) => {
    try {
      const created = await create.mutateAsync(values);
      toast.success(created.message);
      form.reset(EMPTY);
      setOpen(false);
    } catch (error) {
      toastError('Ajout impossible', error);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset(EMPTY);
      }}
    >
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        Ajouter un établissement
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Ajouter un établissement</DialogTitle>
          <DialogDescription>Il reçoit ses QR codes, ses règles de fidélité et ses emails automatiques, comme à l’inscription.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid(CREATE_VENUE_FIELD_ORDER))} className="flex flex-col gap-4" aria-label="Nouvel établissement">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-name`}>Nom de l’établissement</Label>
            <Input id={`${id}-name`} autoComplete="organization" maxLength={100} aria-invalid={!!invalid.name} {...form.register('name')} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-address`}>Adresse</Label>
            <Textarea id={`${id}-address`} rows={3} autoComplete="street-address" maxLength={300} aria-invalid={!!invalid.address} {...form.register('address')} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-siret`}>SIRET</Label>
            <Input
              id={`${id}-siret`}
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              aria-invalid={!!invalid.siret}
              aria-describedby={`${id}-siret-help`}
              {...form.register('siret')}
            />
            <p id={`${id}-siret-help`} className="text-sm text-stone-600">
              14 chiffres : le SIREN de votre organisation suivi des 5 chiffres de l’établissement.
            </p>
          </div>
          <DialogFormFooter submitLabel="Ajouter" busy={create.isPending} busyLabel="Ajout…" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
