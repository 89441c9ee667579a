import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { onInvalid, toastError } from '../../../lib/toast';
import { REPLY_MESSAGE_MAX, REPLY_SUBJECT_MAX, ZReplyRequest, type TInboxItem, type TInboxOptions, type TReplyRequest } from '../../../../shared/schemas/inbox';
import { useReplyToFeedback } from '../api/reply-to-feedback';
import { replyStart } from './reply-start';

const FIELD_ORDER = ['subject', 'message', 'rewardId'] as const;

/**
 * 'Répondre': a private email to the diner, from the restaurant's name (their answers reach its contact
 * address), starting from a template in the owner's language that they edit; optionally a reward of the catalogue.
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
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const reply = useReplyToFeedback();
  // A typed address not confirmed yet gets the owner's text alone (decision 075): no name, no gift.
  const { unconfirmed, ...template } = replyStart(item, options?.restaurantName, locale);
  const form = useForm<TReplyRequest>({ resolver: zodResolver(ZReplyRequest), defaultValues: { ...template, rewardId: '' } });

  // The starting text when the dialog opens (and once the restaurant's name has loaded), not at each render.
  const { subject: startSubject, message: startMessage } = template;
  useEffect(() => {
    if (open) form.reset({ subject: startSubject, message: startMessage, rewardId: '' });
  }, [open, startSubject, startMessage, form]);

  const submit = async (values: TReplyRequest) => {
    try {
      await reply.mutateAsync({ id: item.id, ...values, rewardId: values.rewardId || undefined, confirmAnother: another || undefined });
      toast.success(m.reviews_reply_sent());
      onOpenChange(false);
    } catch (error) {
      toastError(m.reviews_reply_failed(), error);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(submit, onInvalid(FIELD_ORDER))}>
          <DialogHeader>
            <DialogTitle>{(another ? m.reviews_reply_title_second : m.reviews_reply_title)({ name: item.customer?.name ?? m.reviews_reply_this_diner() })}</DialogTitle>
            <DialogDescription>
              {m.reviews_reply_description({ restaurant: options?.restaurantName ?? m.reviews_reply_your_restaurant() })}
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-subject`}>{m.reviews_reply_subject()}</Label>
            <Input id={`${id}-subject`} maxLength={REPLY_SUBJECT_MAX} aria-invalid={form.formState.errors.subject ? true : undefined} {...form.register('subject')} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-message`}>{m.reviews_reply_message()}</Label>
            <Textarea id={`${id}-message`} rows={8} maxLength={REPLY_MESSAGE_MAX} aria-invalid={form.formState.errors.message ? true : undefined} {...form.register('message')} />
          </div>
          {unconfirmed ? (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="reply-unconfirmed">
              {m.reviews_reply_unconfirmed({ email: item.customer?.unconfirmedEmail ?? '' })}
            </p>
          ) : (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-reward`}>{m.reviews_reply_reward()}</Label>
              <NativeSelect id={`${id}-reward`} aria-describedby={`${id}-reward-help`} {...form.register('rewardId')}>
                <option value="">{m.reviews_reply_reward_none()}</option>
                {(options?.rewards ?? []).map((reward) => (
                  <option key={reward.id} value={reward.id}>
                    {reward.label}
                  </option>
                ))}
              </NativeSelect>
              <p id={`${id}-reward-help`} className="text-xs text-stone-600">
                {m.reviews_reply_reward_help()}
              </p>
            </div>
          )}
          <DialogFormFooter submitLabel={m.reviews_reply_send()} busy={reply.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
