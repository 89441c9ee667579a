import { Inbox } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useOwnerMessages } from '../../../lib/owner-locale';

/** /avis while its first page loads. */
export function InboxLoading() {
  const m = useOwnerMessages();
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-3">
      <span className="sr-only">{m.reviews_inbox_loading()}</span>
      <Skeleton className="h-28" />
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-36" />
      ))}
    </div>
  );
}

/** No feedback at all (how to get the first ones), or none matching the filters. */
export function InboxEmpty({ filtered }: { filtered: boolean }) {
  const m = useOwnerMessages();
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center" data-testid="inbox-empty">
      <Inbox className="size-10 text-stone-400" aria-hidden="true" />
      <p className="text-stone-700">{filtered ? m.reviews_inbox_no_match() : m.reviews_inbox_empty()}</p>
    </div>
  );
}
