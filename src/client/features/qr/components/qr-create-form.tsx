import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Star } from 'lucide-react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { QR_LABEL_MAX, ZQrLabelForm, type TQrLabelForm } from '../../../../shared/schemas/qr';
import { QR_CREATE_NO_ROW_MESSAGE, useCreateQrCode } from '../api/create-qr-code';

/** The §8 failure toasts of a create: the label conflict and "no row" as they are, anything else as a failure. */
function showCreateError(error: unknown) {
  if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
    toast.error(error.message);
  } else if (error instanceof Error && error.message === QR_CREATE_NO_ROW_MESSAGE) {
    toast.error(QR_CREATE_NO_ROW_MESSAGE);
  } else {
    toast.error('Échec de la création du QR', { description: error instanceof Error ? error.message : undefined });
  }
}

export function QrCreateForm() {
  const createQr = useCreateQrCode();
  const form = useForm<TQrLabelForm>({ resolver: zodResolver(ZQrLabelForm), defaultValues: { tableLabel: '' } });
  const label = useWatch({ control: form.control, name: 'tableLabel' });
  const busy = createQr.isPending;

  const onSubmit = form.handleSubmit(
    async ({ tableLabel }) => {
      try {
        await createQr.mutateAsync({ tableLabel, isPrimary: false });
        toast.success(`QR ${tableLabel} créé`);
        // The create button is now disabled: keep the keyboard user in the field for the next label
        // (keepFieldsRef keeps the input registered so setFocus finds it).
        form.reset({ tableLabel: '' }, { keepFieldsRef: true });
        form.setFocus('tableLabel');
      } catch (error) {
        showCreateError(error);
      }
    },
    (errors: FieldErrors<TQrLabelForm>) => toast.error('Erreur de validation', { description: errors.tableLabel?.message }),
  );

  const createMain = async () => {
    try {
      await createQr.mutateAsync({ isPrimary: true });
      toast.success('QR principal créé');
    } catch (error) {
      showCreateError(error);
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5" noValidate>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="qr-table-label">Label de table (optionnel)</Label>
        <p id="qr-table-label-hint" className="text-xs text-stone-500">
          Par exemple « Table 12 » ou « Terrasse ». Le QR principal n’a pas besoin de label.
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="qr-table-label"
          placeholder="Table 12"
          autoComplete="off"
          maxLength={QR_LABEL_MAX + 20}
          aria-describedby="qr-table-label-hint"
          aria-invalid={form.formState.errors.tableLabel ? true : undefined}
          {...form.register('tableLabel')}
        />
        <div className="flex gap-2">
          <Button type="submit" className="flex-1 sm:flex-none" disabled={busy || label.trim() === ''}>
            <Plus aria-hidden="true" />
            Créer le QR
          </Button>
          <Button type="button" variant="outline" className="flex-1 sm:flex-none" disabled={busy} onClick={createMain}>
            <Star aria-hidden="true" />
            QR principal
          </Button>
        </div>
      </div>
    </form>
  );
}
