import type { UseFormRegisterReturn } from 'react-hook-form';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS } from '../../../../shared/rules/developer-api';

/** One checkbox per event (WEBHOOK_EVENT_LABELS), registered as an array field. */
export function EventCheckboxes({ idPrefix, field }: { idPrefix: string; field: UseFormRegisterReturn }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Événements</legend>
      {WEBHOOK_EVENTS.map((event) => (
        <label key={event} htmlFor={`${idPrefix}-${event}`} className="flex items-center gap-3 text-sm">
          <input id={`${idPrefix}-${event}`} type="checkbox" value={event} className="size-4 accent-brand-700" {...field} />
          <span>
            {WEBHOOK_EVENT_LABELS[event]} <span className="font-mono text-xs text-stone-500">{event}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
