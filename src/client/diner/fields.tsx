import type { ComponentProps, ReactNode } from 'react';
import { useI18n } from './i18n';

const INPUT_CLASS =
  'block w-full rounded-xl border border-stone-300 bg-white px-3.5 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-600 aria-[invalid=true]:border-red-600';

/** A labelled text box; `error` is announced and linked to the box. */
export function TextField({
  id,
  label,
  optional,
  error,
  multiline,
  ...props
}: { id: string; label: string; optional?: boolean; error?: string; multiline?: boolean } & ComponentProps<'input'> & Pick<ComponentProps<'textarea'>, 'rows'>) {
  const { m } = useI18n();
  const errorId = `${id}-error`;
  const shared = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
        {optional ? <span className="font-normal text-stone-500"> {m.optional()}</span> : null}
      </label>
      {multiline ? (
        <textarea
          {...shared}
          rows={props.rows ?? 3}
          value={props.value}
          onChange={props.onChange as ComponentProps<'textarea'>['onChange']}
          placeholder={props.placeholder}
          maxLength={props.maxLength}
          className={`${INPUT_CLASS} resize-y py-3`}
        />
      ) : (
        <input {...props} {...shared} className={`${INPUT_CLASS} h-12`} />
      )}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Checkbox({ id, checked, onChange, children }: { id: string; checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-700"
      />
      <label htmlFor={id} className="cursor-pointer text-sm text-stone-700">
        {children}
      </label>
    </div>
  );
}

export const PRIMARY_BUTTON =
  'inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl bg-brand-700 px-5 text-base font-semibold text-white transition-colors hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600';

/** An inline message in place of a toast (the diner bundle has no toast library). */
export function Notice({ tone, title, children }: { tone: 'success' | 'error'; title: string; children?: ReactNode }) {
  const success = tone === 'success';
  return (
    <div
      role={success ? 'status' : 'alert'}
      className={`rounded-xl border px-4 py-3 text-sm ${success ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-900'}`}
    >
      <p className="font-semibold">{title}</p>
      {children ? <p className="mt-0.5">{children}</p> : null}
    </div>
  );
}
