import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { paths } from '../../../config/paths';
import { useOwnerMessages } from '../../../lib/owner-locale';
import { toastError } from '../../../lib/toast';
import { useSelection } from '../../../lib/use-selection';
import type { TFeedbackStatus } from '../../../../shared/schemas/inbox';
import { useInbox } from '../api/get-inbox';
import { useInboxOptions } from '../api/get-inbox-options';
import { useSetFeedbackStatus } from '../api/set-feedback-status';
import { FeedbackItem } from './feedback-item';
import { InboxFilters } from './inbox-filters';
import { InboxSelectionBar } from './inbox-selection-bar';
import { InboxEmpty, InboxLoading } from './inbox-states';
import { InboxSummary } from './inbox-summary';
import { ReplyDialog } from './reply-dialog';
import { useInboxFilters } from './use-inbox-filters';
import { useReplyFlow } from './use-reply-flow';

/**
 * /avis: every feedback of the restaurant, newest first, 20 at a time ('Voir plus'), with filters kept in
 * the URL and the selection's summary; status per feedback or for the checked ones; a private reply.
 * `?feedback=<id>` (the alert emails' link) shows that one feedback alone, with a link to all of them.
 */
export function InboxPage() {
  const m = useOwnerMessages();
  const selection = useSelection();
  const { feedbackId, filters, patch, clear } = useInboxFilters(selection.clear);
  const inbox = useInbox(feedbackId ? { feedback: feedbackId } : filters);
  const options = useInboxOptions();
  const setStatus = useSetFeedbackStatus();
  const reply = useReplyFlow();
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];
  const summary = inbox.data?.pages[0]?.summary;

  const changeStatus = async (ids: string[], status: TFeedbackStatus) => {
    try {
      await setStatus.mutateAsync({ ids, status });
      toast.success(m.reviews_inbox_status_saved());
      selection.clear();
    } catch (error) {
      toastError(m.reviews_inbox_status_failed(), error);
    }
  };
  const ids = items.map((item) => item.id);
  const seeAll = <Link to={paths.reviews.href()}>{m.reviews_inbox_see_all()}</Link>;

  return (
    <>
      <div className="flex flex-col gap-5">
        <PageHeader title={m.reviews_inbox_title()} description={m.reviews_inbox_description()} />
        {feedbackId ? (
          <p className="flex flex-wrap items-center gap-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
            {m.reviews_inbox_one_feedback()}
            <Link to={paths.reviews.href()} className="font-medium text-brand-700 underline">
              {m.reviews_inbox_see_all()}
            </Link>
          </p>
        ) : (
          <InboxFilters filters={filters} options={options.data} onPatch={patch} onClear={clear} />
        )}
        {inbox.isPending ? (
          <InboxLoading />
        ) : inbox.isError ? (
          <QueryError title={m.reviews_inbox_load_failed()} detail={inbox.error.message} onRetry={() => void inbox.refetch()}>
            {feedbackId ? (
              <Button variant="outline" asChild>
                {seeAll}
              </Button>
            ) : null}
          </QueryError>
        ) : (
          <>
            {summary && !feedbackId ? <InboxSummary summary={summary} /> : null}
            {items.length === 0 ? (
              <InboxEmpty filtered={Object.keys(filters).length > 0} />
            ) : (
              <>
                {feedbackId ? null : (
                  <InboxSelectionBar
                    shown={items.length}
                    selectedCount={selection.selected.size}
                    allChecked={selection.allOf(ids)}
                    busy={setStatus.isPending}
                    onCheckAll={(checked) => selection.setAll(ids, checked)}
                    onStatus={(status) => void changeStatus([...selection.selected], status)}
                  />
                )}
                <ul className={`flex flex-col gap-3 ${inbox.isPlaceholderData ? 'opacity-60' : ''}`} aria-label={m.reviews_inbox_list()} aria-busy={inbox.isFetching}>
                  {items.map((item) => (
                    <li key={item.id}>
                      <FeedbackItem
                        item={item}
                        highlighted={item.id === feedbackId}
                        selected={selection.selected.has(item.id)}
                        busy={setStatus.isPending}
                        onSelect={(checked) => selection.toggle(item.id, checked)}
                        onStatus={(status) => void changeStatus([item.id], status)}
                        onReply={() => reply.open(item)}
                      />
                    </li>
                  ))}
                </ul>
                {inbox.hasNextPage ? (
                  <Button variant="outline" className="self-center" disabled={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
                    {inbox.isFetchingNextPage ? m.reviews_inbox_loading_more() : m.reviews_inbox_more()}
                  </Button>
                ) : null}
              </>
            )}
          </>
        )}
      </div>
      <ConfirmDialog
        open={reply.confirmAnother !== null}
        onOpenChange={(open) => !open && reply.cancelConfirm()}
        tone="default"
        title={m.reviews_inbox_second_title()}
        description={m.reviews_inbox_second_description()}
        confirmLabel={m.reviews_inbox_second_confirm()}
        onConfirm={reply.confirm}
      />
      {reply.replyTo ? <ReplyDialog item={reply.replyTo.item} another={reply.replyTo.another} options={options.data} open onOpenChange={(open) => !open && reply.close()} /> : null}
    </>
  );
}
