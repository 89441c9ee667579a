import { Inbox } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { OwnerPage } from '../../layouts/owner-layout';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryError } from '../../../components/ui/query-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useInbox, type InboxParams } from '../../../features/inbox/api/get-inbox';
import { useInboxOptions } from '../../../features/inbox/api/get-inbox-options';
import { useSetFeedbackStatus } from '../../../features/inbox/api/set-feedback-status';
import { FeedbackItem } from '../../../features/inbox/components/feedback-item';
import { InboxFilters, type FilterPatch } from '../../../features/inbox/components/inbox-filters';
import { InboxSummary } from '../../../features/inbox/components/inbox-summary';
import { ReplyDialog } from '../../../features/inbox/components/reply-dialog';
import { toastError } from '../../../lib/toast';
import { INBOX_MESSAGES, ZInboxFilters, type TFeedbackStatus, type TInboxFilters, type TInboxItem } from '../../../../shared/schemas/inbox';

const FILTER_KEYS = ['rating', 'period', 'from', 'to', 'qr', 'comment', 'contact', 'status'] as const;

/** The filters read from the URL; a hand-edited value the schema refuses is dropped, not sent. */
function readFilters(params: URLSearchParams): TInboxFilters {
  const raw = Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined]).filter(([, value]) => value));
  const parsed = ZInboxFilters.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/**
 * /avis: every feedback of the restaurant, newest first, 20 at a time ('Voir plus'), with filters kept in
 * the URL and the selection's summary; status per feedback or for the checked ones; a private reply.
 * `?feedback=<id>` (the alert emails' link) shows that one feedback alone, with a link to all of them.
 */
export default function InboxPage() {
  const [params, setParams] = useSearchParams();
  const feedbackId = params.get('feedback') ?? undefined;
  const filters = useMemo(() => readFilters(params), [params]);
  const query: InboxParams = feedbackId ? { feedback: feedbackId } : filters;
  const inbox = useInbox(query);
  const options = useInboxOptions();
  const setStatus = useSetFeedbackStatus();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [replyTo, setReplyTo] = useState<{ item: TInboxItem; another: boolean } | null>(null);
  const [confirmAnother, setConfirmAnother] = useState<TInboxItem | null>(null);

  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];
  const summary = inbox.data?.pages[0]?.summary;

  // The filters last written: the URL catches up a moment later (navigations are transitions).
  const latest = useRef<TInboxFilters>(filters);
  useEffect(() => {
    latest.current = filters;
  }, [filters]);

  const changeFilters = (next: TInboxFilters) => {
    latest.current = next;
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key]) search.set(key, String(next[key]));
    setParams(search, { replace: true });
    setSelected(new Set());
  };

  const changeStatus = async (ids: string[], status: TFeedbackStatus) => {
    try {
      await setStatus.mutateAsync({ ids, status });
      toast.success(INBOX_MESSAGES.statusSaved);
      setSelected(new Set());
    } catch (error) {
      toastError('Impossible de changer le statut', error);
    }
  };

  const openReply = (item: TInboxItem) => {
    if (item.replies.length > 0) setConfirmAnother(item);
    else setReplyTo({ item, another: false });
  };

  const allChecked = items.length > 0 && items.every((item) => selected.has(item.id));

  return (
    <OwnerPage title="Avis">
      <div className="flex flex-col gap-5">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">Tous les avis</h2>
          <p className="text-sm text-stone-600">Lisez chaque avis, marquez-le traité et répondez en privé aux clients qui ont laissé leur email.</p>
        </div>
        {feedbackId ? (
          <p className="flex flex-wrap items-center gap-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
            Vous consultez un avis précis.
            <Link to={paths.reviews.href()} className="font-medium text-brand-700 underline">
              Voir tout
            </Link>
          </p>
        ) : (
          <InboxFilters filters={filters} options={options.data} onPatch={(patch: FilterPatch) => changeFilters({ ...latest.current, ...patch } as TInboxFilters)} onClear={() => changeFilters({})} />
        )}
        {inbox.isPending ? (
          <div role="status" aria-live="polite" className="flex flex-col gap-3">
            <span className="sr-only">Chargement des avis…</span>
            <Skeleton className="h-28" />
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-36" />
            ))}
          </div>
        ) : inbox.isError ? (
          <QueryError title="Impossible de charger les avis" detail={inbox.error.message} onRetry={() => void inbox.refetch()}>
            {feedbackId ? (
              <Button variant="outline" asChild>
                <Link to={paths.reviews.href()}>Voir tout</Link>
              </Button>
            ) : null}
          </QueryError>
        ) : (
          <>
            {summary && !feedbackId ? <InboxSummary summary={summary} /> : null}
            {items.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center">
                <Inbox className="size-10 text-stone-400" aria-hidden="true" />
                <p className="text-stone-700">{Object.keys(filters).length > 0 ? INBOX_MESSAGES.noMatch : INBOX_MESSAGES.empty}</p>
              </div>
            ) : (
              <>
                {feedbackId ? null : (
                  <div className="sticky top-0 z-10 flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 bg-white/95 p-3 text-sm backdrop-blur">
                    <label className="inline-flex items-center gap-2" htmlFor="inbox-select-all">
                      <input
                        id="inbox-select-all"
                        type="checkbox"
                        className="size-4 accent-brand-700"
                        checked={allChecked}
                        onChange={(event) => setSelected(event.target.checked ? new Set(items.map((item) => item.id)) : new Set())}
                      />
                      Tout sélectionner ({items.length} affiché{items.length > 1 ? 's' : ''})
                    </label>
                    <span aria-live="polite" className="text-stone-600">
                      {selected.size > 0 ? `${selected.size} sélectionné${selected.size > 1 ? 's' : ''}` : ''}
                    </span>
                    <div className="ml-auto flex flex-wrap gap-2">
                      <Button size="sm" variant="outline" disabled={selected.size === 0 || setStatus.isPending} onClick={() => void changeStatus([...selected], 'done')}>
                        Marquer traités
                      </Button>
                      <Button size="sm" variant="ghost" disabled={selected.size === 0 || setStatus.isPending} onClick={() => void changeStatus([...selected], 'new')}>
                        Remettre à « Nouveau »
                      </Button>
                    </div>
                  </div>
                )}
                <ul className={`flex flex-col gap-3 ${inbox.isPlaceholderData ? 'opacity-60' : ''}`} aria-label="Avis" aria-busy={inbox.isFetching}>
                  {items.map((item) => (
                    <li key={item.id}>
                      <FeedbackItem
                        item={item}
                        highlighted={item.id === feedbackId}
                        selected={selected.has(item.id)}
                        busy={setStatus.isPending}
                        onSelect={(checked) =>
                          setSelected((current) => {
                            const next = new Set(current);
                            if (checked) next.add(item.id);
                            else next.delete(item.id);
                            return next;
                          })
                        }
                        onStatus={(status) => void changeStatus([item.id], status)}
                        onReply={() => openReply(item)}
                      />
                    </li>
                  ))}
                </ul>
                {inbox.hasNextPage ? (
                  <Button variant="outline" className="self-center" disabled={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
                    {inbox.isFetchingNextPage ? 'Chargement…' : 'Voir plus d’avis'}
                  </Button>
                ) : null}
              </>
            )}
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirmAnother !== null}
        onOpenChange={(open) => !open && setConfirmAnother(null)}
        tone="default"
        title="Envoyer une seconde réponse ?"
        description="Vous avez déjà répondu à cet avis. Le client recevra un nouvel email."
        confirmLabel="Écrire une seconde réponse"
        onConfirm={() => {
          if (confirmAnother) setReplyTo({ item: confirmAnother, another: true });
          setConfirmAnother(null);
        }}
      />
      {replyTo ? <ReplyDialog item={replyTo.item} another={replyTo.another} options={options.data} open onOpenChange={(open) => !open && setReplyTo(null)} /> : null}
    </OwnerPage>
  );
}
