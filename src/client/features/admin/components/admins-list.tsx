import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateFr } from '../../../../shared/format';
import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import type { AdminListItem } from '../api/get-admins';
import { useRemoveAdmin } from '../api/remove-admin';
import { toastError } from '../../../lib/toast';

/** The administrators, a 'Vous' tag on oneself, removal after confirmation (never oneself). */
export function AdminsList({ admins, currentUserId }: { admins: AdminListItem[]; currentUserId: string }) {
  const remove = useRemoveAdmin();
  const [target, setTarget] = useState<AdminListItem | null>(null);

  function confirmRemoval() {
    if (!target) return;
    remove.mutate(target.userId, {
      onSuccess: () => toast.success('Admin supprimé avec succès'),
      onError: (error) => toastError('Erreur lors de la suppression', error),
      onSettled: () => setTarget(null),
    });
  }

  return (
    <>
      <ul className="divide-y divide-stone-100">
        {admins.map((admin) => {
          const isSelf = admin.userId === currentUserId;
          return (
            <li key={admin.userId} className="flex items-center gap-3 px-5 py-3">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-medium">{admin.email}</span>
                  {isSelf ? <Badge>Vous</Badge> : null}
                </p>
                <p className="text-sm text-stone-600">
                  {admin.name && admin.name !== admin.email.split('@')[0] ? `${admin.name} · ` : ''}Administrateur depuis le {formatDateFr(admin.createdAt)}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                className="shrink-0 text-red-700 hover:bg-red-50"
                disabled={isSelf || remove.isPending}
                title={isSelf ? ADMIN_MESSAGES.selfRemoval : undefined}
                aria-label={isSelf ? `${ADMIN_MESSAGES.selfRemoval}` : `Retirer ${admin.email}`}
                onClick={() => setTarget(admin)}
              >
                <Trash2 aria-hidden="true" />
                <span className="hidden sm:inline">Retirer</span>
              </Button>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => (open ? undefined : setTarget(null))}
        title="Retirer cet administrateur ?"
        description={`${target?.email ?? ''} n’aura plus accès à l’administration de ReFeed. Son compte utilisateur est conservé.`}
        confirmLabel="Retirer"
        pendingLabel="Suppression…"
        pending={remove.isPending}
        stayOpen
        onConfirm={confirmRemoval}
      />
    </>
  );
}
