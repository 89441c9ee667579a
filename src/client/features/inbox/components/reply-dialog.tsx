import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { onInvalid, toastError } from '../../../lib/toast';
import { defaultReply, INBOX_MESSAGES, REPLY_MESSAGE_MAX, REPLY_SUBJECT_MAX, ZReplyRequest, type TInboxItem, type TInboxOptions, type TReplyRequest } from '../../../../shared/schemas/inbox';
import { useReplyToFeedback } from '../api/reply-to-feedback';

const FIELD_ORDER = ['subject', 'message', 'rewardId'] as const;

/**
 * 'Répondre': a private email to the diner, from the restaurant's name (their answers reach its contact
 * address), starting from a French template the owner edits; optionally a reward of the catalogue.
 */
export function ReplyDialog({
  item,
  options,
  another,
  open,
  onOpenChange,
}: {
  item: TInboxItem;
  options: TInboxOptions | undefined;
  /** A second reply the owner confirmed. */
  another: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const reply = useReplyToFeedback();
  // A typed address not confirmed yet gets the owner's text alone (decision 075): no name, no gift.
  const unconfirmed = !item.customer?.hasEmail && !!item.customer?.unconfirmedEmail;
  const firstName = unconfirmed ? null : (item.customer?.name?.split(' ')[0] ?? null);
  const template = defaultReply(options?.restaurantName ?? 'notre restaurant', firstName, item.rating);
  const form = useForm<TReplyRequest>({ resolver: zodResolver(ZReplyRequest), defaultValues: { ...template, rewardId: '' } });

  // The starting text when the dialog opens (and once the restaurant's name has loaded), not at each render.
  const { subject: startSubject, message: startMessage } = template;
  useEffect(() => {
    if (open) form.reset({ subject: startSubject, message: startMessage, rewardId: '' });
  }, [open, startSubject, startMessage, form]);

  const submit = async (values: TReplyRequest) => {
    try {
      await reply.mutateAsync({ id: item.id, ...values, rewardId: values.rewardId || undefined, confirmAnother: another || undefined });
      toast.success(INBOX_MESSAGES.replySent);
      onOpenChange(false);
    } catch (error) {
      toastError('Échec de l’envoi de la réponse', error);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(submit, onInvalid(FIELD_ORDER))}>
          <DialogHeader>
            <DialogTitle>{another ? 'Seconde réponse' : 'Répondre'} à {item.customer?.name ?? 'ce client'}</DialogTitle>
            <DialogDescription>
              Un email privé, envoyé au nom de {options?.restaurantName ?? 'votre restaurant'} : la réponse du client arrivera sur l’adresse de contact du restaurant.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-subject`}>Objet</Label>
            <Input id={`${id}-subject`} maxLength={REPLY_SUBJECT_MAX} aria-invalid={form.formState.errors.subject ? true : undefined} {...form.register('subject')} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-message`}>Message</Label>
            <Textarea id={`${id}-message`} rows={8} maxLength={REPLY_MESSAGE_MAX} aria-invalid={form.formState.errors.message ? true : undefined} {...form.register('message')} />
          </div>
          {unconfirmed ? (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="reply-unconfirmed">
              Adresse non confirmée ({item.customer?.unconfirmedEmail}) : seul votre message est envoyé, sans le commentaire de l’avis, les points ni aucune donnée de la fiche. Un geste commercial pourra être offert une fois l’adresse confirmée.
            </p>
          ) : (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-reward`}>Geste commercial (facultatif)</Label>
              <NativeSelect id={`${id}-reward`} aria-describedby={`${id}-reward-help`} {...form.register('rewardId')}>
                <option value="">Aucun</option>
                {(options?.rewards ?? []).map((reward) => (
                  <option key={reward.id} value={reward.id}>
                    {reward.label}
                  </option>
                ))}
              </NativeSelect>
              <p id={`${id}-reward-help`} className="text-xs text-stone-600">
                La récompense rejoint celles à remettre au client, sans lui coûter de points.
              </p>
            </div>
          )}
          <DialogFormFooter submitLabel="Envoyer la réponse" busy={reply.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
