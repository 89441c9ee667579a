import { ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Label } from './input';
import { cn } from '../../lib/cn';

/**
 * A styled native <select>: the phone's own picker, keyboard and screen-reader support for free. Its
 * wrapper is a block <span> (phrasing content), so the select may sit inside a <label> (a <div> may not).
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <span className={cn('relative block', className)}>
      <select
        className="h-10 w-full appearance-none rounded-lg border border-stone-300 bg-white py-2 pr-9 pl-3 text-base disabled:cursor-not-allowed disabled:opacity-50 sm:text-sm"
        {...props}
      >
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-stone-500" aria-hidden="true" />
    </span>
  );
}

/**
 * A labelled select for filter bars: the label above, the options given as [value, label] pairs ('' for
 * "all"), an empty choice read as undefined. `extra` adds options after the list (e.g. 'Sans QR code').
 */
export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  extra,
}: {
  id: string;
  label: string;
  value: string | undefined;
  options: ReadonlyArray<readonly [string, string]>;
  onChange: (value: string | undefined) => void;
  extra?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
        {extra}
      </NativeSelect>
    </div>
  );
}
