import type { ReactNode } from 'react';
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
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Annuler</AlertDialogCancel>
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
