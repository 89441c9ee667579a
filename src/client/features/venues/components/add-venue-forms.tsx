import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm, type SubmitHandler, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { DialogClose, DialogFooter } from '../../../components/ui/dialog';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { onInvalid, toastError } from '../../../lib/toast';
import {
  CREATE_VENUE_FIELD_ORDER,
  CREATE_VENUE_UK_FIELD_ORDER,
  ZCreateVenueFr,
  ZCreateVenueUk,
  type TCreateVenueForm,
  type TCreateVenueFormUk,
  type TCreateVenueBody,
  type TCreateVenueRequest,
} from '../../../../shared/schemas/venues';
import { useCreateVenue } from '../api/create-venue';

/** One labelled field of the form. */
function Field({ id, label, children, help }: { id: string; label: string; children: ReactNode; help?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {help}
    </div>
  );
}

/** The form around the fields: sends the request, toasts the server's answer (in the owner's language) and closes. */
function VenueForm<T extends TCreateVenueBody>({ form, order, onDone, children }: { form: UseFormReturn<T, unknown, TCreateVenueRequest>; order: readonly string[]; onDone: () => void; children: ReactNode }) {
  const m = useOwnerMessages();
  const create = useCreateVenue();
  // Checked by the schema in the browser; sent as typed (the server reads it with the same schema).
  const onValid: SubmitHandler<TCreateVenueRequest> = async () => {
    try {
      const created = await create.mutateAsync(form.getValues());
      toast.success(created.message);
      onDone();
    } catch (error) {
      toastError(m.venues_add_failed(), error);
    }
  };
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid(order))} className="flex flex-col gap-4" aria-label={m.venues_add_form_label()}>
      {children}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {m.venues_cancel()}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? m.venues_add_busy() : m.venues_add_submit()}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A French organisation's venue: name, address, SIRET (14 digits starting with the organisation's SIREN). */
export function AddVenueFormFr({ onDone }: { onDone: () => void }) {
  const m = useOwnerMessages();
  const id = useId();
  const form = useForm<TCreateVenueForm, unknown, TCreateVenueRequest>({ resolver: zodResolver(ZCreateVenueFr), defaultValues: { name: '', address: '', siret: '' } });
  const invalid = form.formState.errors;
  return (
    <VenueForm form={form} order={CREATE_VENUE_FIELD_ORDER} onDone={onDone}>
      <Field id={`${id}-name`} label={m.venues_add_name()}>
        <Input id={`${id}-name`} autoComplete="organization" maxLength={100} aria-invalid={!!invalid.name} {...form.register('name')} />
      </Field>
      <Field id={`${id}-address`} label={m.venues_address()}>
        <Textarea id={`${id}-address`} rows={3} autoComplete="street-address" maxLength={300} aria-invalid={!!invalid.address} {...form.register('address')} />
      </Field>
      <Field
        id={`${id}-siret`}
        label={m.venues_add_siret()}
        help={
          <p id={`${id}-siret-help`} className="text-sm text-stone-600">
            {m.venues_add_siret_help()}
          </p>
        }
      >
        <Input id={`${id}-siret`} inputMode="numeric" autoComplete="off" maxLength={20} aria-invalid={!!invalid.siret} aria-describedby={`${id}-siret-help`} {...form.register('siret')} />
      </Field>
    </VenueForm>
  );
}

/** A UK organisation's venue: name and the UK address (as at sign-up); a UK organisation has no SIRET. */
export function AddVenueFormUk({ onDone }: { onDone: () => void }) {
  const m = useOwnerMessages();
  const id = useId();
  const form = useForm<TCreateVenueFormUk, unknown, TCreateVenueRequest>({
    resolver: zodResolver(ZCreateVenueUk),
    defaultValues: { country: 'GB', name: '', addressLine1: '', addressLine2: '', town: '', postcode: '' },
  });
  const invalid = form.formState.errors;
  return (
    <VenueForm form={form} order={CREATE_VENUE_UK_FIELD_ORDER} onDone={onDone}>
      <Field id={`${id}-name`} label={m.venues_add_name()}>
        <Input id={`${id}-name`} autoComplete="organization" maxLength={100} aria-invalid={!!invalid.name} {...form.register('name')} />
      </Field>
      <Field id={`${id}-line1`} label={m.venues_add_address_line1()}>
        <Input id={`${id}-line1`} autoComplete="address-line1" maxLength={100} aria-invalid={!!invalid.addressLine1} {...form.register('addressLine1')} />
      </Field>
      <Field id={`${id}-line2`} label={m.venues_add_address_line2()}>
        <Input id={`${id}-line2`} autoComplete="address-line2" maxLength={100} aria-invalid={!!invalid.addressLine2} {...form.register('addressLine2')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-town`} label={m.venues_add_town()}>
          <Input id={`${id}-town`} autoComplete="address-level2" maxLength={60} aria-invalid={!!invalid.town} {...form.register('town')} />
        </Field>
        <Field id={`${id}-postcode`} label={m.venues_add_postcode()}>
          <Input id={`${id}-postcode`} autoComplete="postal-code" maxLength={10} aria-invalid={!!invalid.postcode} {...form.register('postcode')} />
        </Field>
      </div>
    </VenueForm>
  );
}
