import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useOwnerMessages } from '../../../lib/owner-locale';

/** 'Retirer le lien', confirmed first: the satisfied diners lose the public review button until a new link is saved. */
export function RemoveLinkButton({ busy, onConfirm }: { busy: boolean; onConfirm: () => Promise<void> }) {
  const m = useOwnerMessages();
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghost" className="text-red-700 hover:bg-red-50" disabled={busy}>
          <Trash2 aria-hidden="true" />
          {m.reviews_manual_remove()}
        </Button>
      }
      title={m.reviews_manual_remove_title()}
      description={m.reviews_manual_remove_description()}
      confirmLabel={m.reviews_manual_remove_confirm()}
      onConfirm={onConfirm}
    />
  );
}
