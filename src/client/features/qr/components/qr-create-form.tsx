import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Star } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { localized, useOwnerMessages } from '../../../lib/owner-locale';
import { onInvalid, toastError, toastErrorTitle } from '../../../lib/toast';
import type { OwnerMessages } from '../../../../shared/i18n/owner';
import { MAX_QR_CODES_PER_RESTAURANT, QR_LABEL_MAX, QR_LIMIT_REACHED_MESSAGE, ZQrLabelForm, type TQrLabelForm } from '../../../../shared/schemas/qr';
import { QR_CREATE_NO_ROW_MESSAGE, useCreateQrCode } from '../api/create-qr-code';

/** The §8 failure toasts of a create: the label conflict and "no row" as they are, anything else as a failure. */
function showCreateError(error: unknown, m: OwnerMessages) {
  if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
    // The server's message, already in the owner's language.
    toastErrorTitle(error.message);
  } else if (error instanceof Error && error.message === QR_CREATE_NO_ROW_MESSAGE) {
    toastErrorTitle(localized(QR_CREATE_NO_ROW_MESSAGE));
  } else {
    toastError(m.venues_qr_create_failed(), error);
  }
}

/**
 * Creates a table QR or the main QR. `qrCount` and `hasPrimary` come from the loaded list: at the cap the
 * form is disabled with the reason, and the main-QR button is disabled once a main QR exists.
 */
export function QrCreateForm({ qrCount, hasPrimary }: { qrCount: number; hasPrimary: boolean }) {
  const m = useOwnerMessages();
  const createQr = useCreateQrCode();
  const form = useForm<TQrLabelForm>({ resolver: zodResolver(ZQrLabelForm), defaultValues: { tableLabel: '' } });
  const label = useWatch({ control: form.control, name: 'tableLabel' });
  const busy = createQr.isPending;
  const atLimit = qrCount >= MAX_QR_CODES_PER_RESTAURANT;

  const onSubmit = form.handleSubmit(
    async ({ tableLabel }) => {
      try {
        await createQr.mutateAsync({ tableLabel, isPrimary: false });
        toast.success(m.venues_qr_created({ label: tableLabel }));
        // The create button is now disabled: keep the keyboard user in the field for the next label
        // (keepFieldsRef keeps the input registered so setFocus finds it).
        form.reset({ tableLabel: '' }, { keepFieldsRef: true });
        form.setFocus('tableLabel');
      } catch (error) {
        showCreateError(error, m);
      }
    },
    onInvalid(['tableLabel']),
  );

  const createMain = async () => {
    try {
      await createQr.mutateAsync({ isPrimary: true });
      toast.success(m.venues_qr_main_created());
    } catch (error) {
      showCreateError(error, m);
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5" noValidate>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="qr-table-label">{m.venues_qr_label()}</Label>
        <p id="qr-table-label-hint" className="text-xs text-stone-500">
          {m.venues_qr_label_hint()}
        </p>
      </div>
      {atLimit ? (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="qr-limit-reached">
          {localized(QR_LIMIT_REACHED_MESSAGE)} {m.venues_qr_limit_delete()}
        </p>
      ) : null}
      <fieldset disabled={atLimit} className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="qr-table-label"
          placeholder={m.venues_qr_label_placeholder()}
          autoComplete="off"
          maxLength={QR_LABEL_MAX + 20}
          aria-describedby="qr-table-label-hint"
          aria-invalid={form.formState.errors.tableLabel ? true : undefined}
          {...form.register('tableLabel')}
        />
        <div className="flex gap-2">
          <Button type="submit" className="flex-1 sm:flex-none" disabled={busy || label.trim() === ''}>
            <Plus aria-hidden="true" />
            {m.venues_qr_create()}
          </Button>
          <Button
            type="button"
            variant="outline"
            className="flex-1 sm:flex-none"
            disabled={busy || hasPrimary}
            title={hasPrimary ? m.venues_qr_main_exists() : undefined}
            onClick={createMain}
          >
            <Star aria-hidden="true" />
            {m.venues_qr_main_title()}
          </Button>
        </div>
      </fieldset>
      {hasPrimary && !atLimit ? <p className="text-xs text-stone-500">{m.venues_qr_main_exists_hint()}</p> : null}
    </form>
  );
}
