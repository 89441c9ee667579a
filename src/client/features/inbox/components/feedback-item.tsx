import { CheckCircle2, MessageSquareReply, RotateCcw } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Stars } from '../../../components/ui/stars';
import { cn } from '../../../lib/cn';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { formatDateTime } from '../../../../shared/format';
import type { TFeedbackStatus, TInboxItem } from '../../../../shared/schemas/inbox';
import { FeedbackDiner } from './feedback-diner';
import { FeedbackReplies } from './feedback-replies';
import { tableLabelIn } from './table-label';

/**
 * One feedback of /avis: stars, comment, date and time (Paris), table, the diner (a link to their page
 * when known), whether they were invited to the public review, the status and who handled it; the
 * private replies under it.
 */
export function FeedbackItem({
  item,
  selected,
  onSelect,
  onStatus,
  onReply,
  busy,
  highlighted = false,
}: {
  item: TInboxItem;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onStatus: (status: TFeedbackStatus) => void;
  onReply: () => void;
  busy: boolean;
  highlighted?: boolean;
}) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  const low = item.rating <= 3;
  const createdAt = formatDateTime(item.createdAt, locale);
  const table = tableLabelIn(item.tableLabel, locale);
  return (
    <article
      aria-labelledby={`${item.id}-title`}
      data-testid="inbox-item"
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-xs',
        low ? 'border-l-4 border-l-red-500' : 'border-l-4 border-l-green-600',
        highlighted && 'ring-2 ring-brand-600',
      )}
    >
      <div className="flex flex-wrap items-start gap-3">
        <input
          id={`select-${item.id}`}
          type="checkbox"
          className="mt-1 size-4 accent-brand-700"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={m.reviews_item_select({ name: item.customer?.name ?? m.reviews_item_anonymous(), date: createdAt })}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 id={`${item.id}-title`} className="flex flex-wrap items-center gap-2 text-sm font-medium text-stone-900">
            <Stars rating={item.rating} />
            <span className="text-stone-600">{createdAt}</span>
            {table ? <Badge variant="neutral">{table}</Badge> : null}
          </h3>
          <FeedbackDiner customer={item.customer} />
          {item.comment ? (
            <p className="text-sm whitespace-pre-line text-stone-800">{m.reviews_quoted({ comment: item.comment })}</p>
          ) : (
            <p className="text-sm text-stone-500 italic">{m.reviews_item_no_comment()}</p>
          )}
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <Badge variant={item.status === 'done' ? 'success' : 'warning'}>{item.status === 'done' ? m.reviews_status_done() : m.reviews_status_new()}</Badge>
            {item.status === 'done' && item.handledAt ? (
              <span className="text-stone-600">{m.reviews_item_handled_by({ name: item.handledByName ?? m.reviews_item_team_member(), date: formatDateTime(item.handledAt, locale) })}</span>
            ) : null}
            <Badge variant={item.reviewInvited ? 'default' : 'neutral'}>{item.reviewInvited ? m.reviews_item_invited() : m.reviews_item_not_invited()}</Badge>
          </div>
        </div>
      </div>
      <FeedbackReplies replies={item.replies} />
      <div className="flex flex-wrap gap-2">
        {item.status === 'new' ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onStatus('done')}>
            <CheckCircle2 aria-hidden="true" />
            {m.reviews_mark_done()}
          </Button>
        ) : (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onStatus('new')}>
            <RotateCcw aria-hidden="true" />
            {m.reviews_mark_new()}
          </Button>
        )}
        {item.customer?.hasEmail || item.customer?.unconfirmedEmail ? (
          <Button size="sm" onClick={onReply}>
            <MessageSquareReply aria-hidden="true" />
            {m.reviews_item_reply()}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
