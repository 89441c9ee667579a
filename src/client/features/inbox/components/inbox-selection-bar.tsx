import { Button } from '../../../components/ui/button';
import { useOwnerMessages } from '../../../lib/owner-locale';
import type { TFeedbackStatus } from '../../../../shared/schemas/inbox';

/** The bar above the list: check all the shown feedbacks, then mark the checked ones done or new. */
export function InboxSelectionBar({
  shown,
  selectedCount,
  allChecked,
  busy,
  onCheckAll,
  onStatus,
}: {
  shown: number;
  selectedCount: number;
  allChecked: boolean;
  busy: boolean;
  onCheckAll: (checked: boolean) => void;
  onStatus: (status: TFeedbackStatus) => void;
}) {
  const m = useOwnerMessages();
  return (
    <div className="sticky top-0 z-10 flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 bg-white/95 p-3 text-sm backdrop-blur">
      <label className="inline-flex items-center gap-2" htmlFor="inbox-select-all">
        <input id="inbox-select-all" type="checkbox" className="size-4 accent-brand-700" checked={allChecked} onChange={(event) => onCheckAll(event.target.checked)} />
        {m.reviews_select_all({ count: shown })}
      </label>
      <span aria-live="polite" className="text-stone-600">
        {selectedCount > 0 ? m.reviews_selected({ count: selectedCount }) : ''}
      </span>
      <div className="ml-auto flex flex-wrap gap-2">
        <Button size="sm" variant="outline" disabled={selectedCount === 0 || busy} onClick={() => onStatus('done')}>
          {m.reviews_mark_done_many()}
        </Button>
        <Button size="sm" variant="ghost" disabled={selectedCount === 0 || busy} onClick={() => onStatus('new')}>
          {m.reviews_mark_new()}
        </Button>
      </div>
    </div>
  );
}
