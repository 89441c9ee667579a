import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { formatDateTime } from '../../../../shared/format';
import type { TFeedbackReply } from '../../../../shared/schemas/inbox';

/** The private replies sent to a feedback's diner: when, by whom, the subject, the message and the gift. */
export function FeedbackReplies({ replies }: { replies: readonly TFeedbackReply[] }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  if (replies.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2 border-t border-stone-100 pt-3" aria-label={m.reviews_item_replies()}>
      {replies.map((reply) => {
        const date = formatDateTime(reply.createdAt, locale);
        return (
          <li key={reply.id} className="rounded-lg bg-stone-50 p-3 text-sm" data-testid="inbox-reply">
            <p className="font-medium text-stone-900">
              {reply.sentByName
                ? m.reviews_item_reply_sent_by({ date, name: reply.sentByName, subject: reply.subject })
                : m.reviews_item_reply_sent({ date, subject: reply.subject })}
            </p>
            {reply.message ? <p className="mt-1 whitespace-pre-line text-stone-700">{reply.message}</p> : null}
            {reply.rewardLabel ? <p className="mt-1 text-green-800">{m.reviews_item_gift({ reward: reply.rewardLabel })}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
