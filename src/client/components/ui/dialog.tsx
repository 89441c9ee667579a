import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { useOwnerMessages } from '../../lib/owner-locale';

/** A modal dialog (Radix Dialog: focus trap, Escape and outside click close it, labelled by its title). */
export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({ className, children, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  const m = useOwnerMessages();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-stone-900/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-stone-200 bg-white p-6 shadow-lg',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-3 right-3 rounded-md p-1.5 text-stone-500 hover:bg-stone-100 hover:text-stone-900" aria-label={m.shell_close()}>
          <X className="size-4" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold leading-tight', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-stone-600', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

/**
 * The footer of a dialog's form: 'Annuler' closes the dialog, the submit button says `submitLabel`, or
 * `busyLabel` while the form is being sent (and is then disabled).
 */
export function DialogFormFooter({
  submitLabel,
  busy = false,
  busyLabel,
  disabled = false,
  destructive = false,
}: {
  submitLabel: string;
  busy?: boolean;
  busyLabel?: string;
  disabled?: boolean;
  destructive?: boolean;
}) {
  const m = useOwnerMessages();
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          {m.shell_cancel()}
        </Button>
      </DialogClose>
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={disabled || busy}>
        {busy ? (busyLabel ?? m.shell_sending()) : submitLabel}
      </Button>
    </DialogFooter>
  );
}
