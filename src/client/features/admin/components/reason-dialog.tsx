import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label, Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { REASON_MESSAGES, REASON_MIN_LENGTH, ZRejectRestaurantRequest, ZSuspendRestaurantRequest } from '../../../../shared/schemas/admin';

const TEXT = {
  reject: {
    title: 'Refuser la demande',
    description: (name: string) => `Les propriétaires de « ${name} » recevront ce motif par email et le verront en se connectant.`,
    label: 'Motif du refus',
    confirm: 'Confirmer le refus',
    schema: ZRejectRestaurantRequest,
  },
  suspend: {
    title: 'Suspendre l’organisation',
    description: (name: string) => `Tous les établissements de « ${name} » seront fermés : espace et pages d’avis. Les propriétaires recevront ce motif par email.`,
    label: 'Motif de la suspension',
    confirm: 'Confirmer la suspension',
    schema: ZSuspendRestaurantRequest,
  },
  suspendVenue: {
    title: 'Suspendre cet établissement',
    description: (name: string) =>
      `« ${name} » seul sera fermé (espace et pages d’avis) ; les autres établissements de l’organisation restent ouverts. Les propriétaires recevront ce motif par email.`,
    label: 'Motif de la suspension',
    confirm: 'Confirmer la suspension',
    schema: ZSuspendRestaurantRequest,
  },
} as const;

/**
 * Asks for the reason of a refusal or a suspension: at least 10 characters after trimming, with a
 * counter, the confirm button disabled below 10, and the same schema as the server.
 */
export function ReasonDialog({
  kind,
  restaurantName,
  open,
  onOpenChange,
  busy,
  onConfirm,
}: {
  kind: 'reject' | 'suspend' | 'suspendVenue';
  restaurantName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: (reason: string) => void;
}) {
  const text = TEXT[kind];
  const fieldId = useId();
  const form = useForm({ resolver: zodResolver(text.schema), mode: 'onTouched', defaultValues: { reason: '' } });
  const length = (useWatch({ control: form.control, name: 'reason' }) ?? '').trim().length;
  const error = form.formState.errors.reason?.message;

  useEffect(() => {
    if (!open) form.reset({ reason: '' });
  }, [open, form]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit((values) => onConfirm(values.reason))}>
          <DialogHeader>
            <DialogTitle>{text.title}</DialogTitle>
            <DialogDescription>{text.description(restaurantName)}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={fieldId}>{text.label}</Label>
            <Textarea
              id={fieldId}
              rows={4}
              maxLength={1000}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${fieldId}-help${error ? ` ${fieldId}-error` : ''}`}
              {...form.register('reason')}
            />
            <div className="flex items-start justify-between gap-3 text-xs">
              <p id={`${fieldId}-help`} className="text-stone-600">
                {REASON_MESSAGES.required} · {REASON_MIN_LENGTH} caractères minimum
              </p>
              <p className={cn('shrink-0 tabular-nums', length < REASON_MIN_LENGTH ? 'text-amber-700' : 'text-green-700')} data-testid="reason-counter">
                {length} / {REASON_MIN_LENGTH}
              </p>
            </div>
            {error ? (
              <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFormFooter submitLabel={text.confirm} busy={busy} disabled={length < REASON_MIN_LENGTH} destructive />
        </form>
      </DialogContent>
    </Dialog>
  );
}
