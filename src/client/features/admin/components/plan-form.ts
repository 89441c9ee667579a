import { LIMIT_KEYS, type LimitOverrides, type PlanLimits } from '../../../../shared/rules/plans';

/** One limit's field in the plan form: its text, or « illimité » ticked. */
export type LimitField = { value: string; unlimited: boolean };
export type LimitFields = Record<keyof PlanLimits, LimitField>;

/** 'YYYY-MM-DD' of the Paris day before an instant (the last day of a trial ending at midnight). */
export function lastTrialDay(iso: string | null): string {
  if (!iso) return '';
  const day = new Date(new Date(iso).getTime() - 1);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(day);
}

/** The trial runs through the chosen day: it ends at the next midnight (the browser's, in France Paris). */
export function trialEndFromDay(day: string): string | null {
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + 1).toISOString();
}

/** The form's fields for the overrides saved: a number as its text, null (unlimited) ticked, none empty. */
export function limitFields(overrides: LimitOverrides): LimitFields {
  const fields = {} as LimitFields;
  for (const key of LIMIT_KEYS) {
    const value = overrides[key];
    fields[key] = { value: typeof value === 'number' ? String(value) : '', unlimited: value === null };
  }
  return fields;
}

/** The overrides the fields say (unlimited: null; empty: none), or the first limit that is not a whole number ≥ 0. */
export function readLimitOverrides(limits: LimitFields): { overrides: LimitOverrides } | { invalid: keyof PlanLimits } {
  const overrides: LimitOverrides = {};
  for (const key of LIMIT_KEYS) {
    const field = limits[key];
    if (field.unlimited) overrides[key] = null;
    else if (field.value.trim() !== '') {
      const number = Number(field.value);
      if (!Number.isInteger(number) || number < 0) return { invalid: key };
      overrides[key] = number;
    }
  }
  return { overrides };
}
