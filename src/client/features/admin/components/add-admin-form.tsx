import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { ZAddAdminRequest } from '../../../../shared/schemas/admin';
import { useAddAdmin } from '../api/add-admin';
import { toastError } from '../../../lib/toast';

/** Promotes an already registered user, by email. */
export function AddAdminForm() {
  const fieldId = useId();
  const add = useAddAdmin();
  const form = useForm({ resolver: zodResolver(ZAddAdminRequest), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;

  const submit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        toast.success('Admin ajouté avec succès');
        form.reset({ email: '' });
      },
      onError: (failure) => {
        toastError("Erreur lors de l'ajout", failure);
        form.setError('email', { message: failure.message }, { shouldFocus: true });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1.5">
      <Label htmlFor={fieldId}>Email de l’utilisateur</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={fieldId}
          type="email"
          autoComplete="off"
          placeholder="prenom.nom@exemple.fr"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${fieldId}-help${error ? ` ${fieldId}-error` : ''}`}
          {...form.register('email')}
        />
        <Button type="submit" disabled={add.isPending} className="shrink-0">
          <UserPlus aria-hidden="true" />
          {add.isPending ? 'Ajout…' : 'Ajouter'}
        </Button>
      </div>
      <p id={`${fieldId}-help`} className="text-xs text-stone-500">
        La personne doit déjà avoir un compte ReFeed.
      </p>
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
