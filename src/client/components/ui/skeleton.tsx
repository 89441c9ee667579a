import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useOwnerMessages } from '../../lib/owner-locale';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-stone-200', className)} {...props} />;
}

/** A full-page loading state announced to screen readers. */
export function PageLoading({ label }: { label?: string }) {
  const m = useOwnerMessages();
  return (
    <div role="status" aria-live="polite" className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-6">
      <span className="sr-only">{label ?? m.shell_loading()}</span>
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
