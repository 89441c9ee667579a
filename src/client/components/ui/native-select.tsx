import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A styled native <select>: the phone's own picker, keyboard and screen-reader support for free. */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className="h-10 w-full appearance-none rounded-lg border border-stone-300 bg-white py-2 pr-9 pl-3 text-base disabled:cursor-not-allowed disabled:opacity-50 sm:text-sm"
        {...props}
      >
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone-500" aria-hidden="true" />
    </div>
  );
}
