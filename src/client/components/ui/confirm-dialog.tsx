import type { ComponentProps, ReactNode } from 'react';
import { buttonVariants } from './button';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';
import { useOwnerMessages } from '../../lib/owner-locale';

/**
 * Asks before an action (destructive by default; `tone="default"` for an ordinary one). Either wraps its
 * trigger (`trigger`), or is controlled with `open` / `onOpenChange` when one dialog serves a list.
 * `stayOpen`: the dialog stays open while the action runs (the caller closes it on success), and the
 * button reads `pendingLabel` meanwhile.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pending = false,
  pendingLabel,
  stayOpen = false,
  tone = 'destructive',
  onConfirm,
}: {
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  pendingLabel?: string;
  stayOpen?: boolean;
  tone?: 'destructive' | 'default';
  onConfirm: () => void | Promise<void>;
}) {
  const m = useOwnerMessages();
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{m.shell_cancel()}</AlertDialogCancel>
          <AlertDialogAction
            className={tone === 'default' ? buttonVariants({ variant: 'default' }) : undefined}
            disabled={pending}
            onClick={(event) => {
              if (stayOpen) event.preventDefault();
              void onConfirm();
            }}
          >
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The one dialog of a list (a member to remove, a key to revoke): open while `item` is set, `onClose`
 * clears it (Escape, Cancel, or the caller once the action succeeded).
 */
export function ItemConfirmDialog<T>({ item, onClose, ...props }: { item: T | null; onClose: () => void } & Omit<ComponentProps<typeof ConfirmDialog>, 'open' | 'onOpenChange' | 'trigger'>) {
  return (
    <ConfirmDialog
      {...props}
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    />
  );
}
