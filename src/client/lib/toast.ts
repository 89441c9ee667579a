import type { FieldErrors, FieldValues } from 'react-hook-form';
import { toast } from 'sonner';
import { GENERIC_ERROR_MESSAGE } from '../../shared/errors';
import { ownerMessages } from '../../shared/i18n/owner';
import { localized, ownerLocale } from './owner-locale';

/** The title of every form-validation toast (spec §5, §8). */
export const VALIDATION_ERROR_TITLE = 'Erreur de validation';

/**
 * The French message an error carries for the user: an `ApiError`'s (the server's message), a
 * better-auth error's `{ message }`, or a client-side `Error` thrown with a French text. A `TypeError`
 * is the browser's own (e.g. 'Failed to fetch' when the network is down): not shown.
 */
export function errorMessage(error: unknown): string | undefined {
  if (error instanceof TypeError) return undefined;
  if (typeof error !== 'object' || error === null || !('message' in error)) return undefined;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message.trim() : undefined;
}

/**
 * The one error toast: `title`, with the error's French message as description, else `fallback`, else
 * the generic 'Une erreur est survenue. Veuillez réessayer.'. Returns the description shown.
 */
export function toastError(title: string, error?: unknown, fallback?: string, options?: { id?: string }): string {
  const description = localized(errorMessage(error) ?? fallback ?? GENERIC_ERROR_MESSAGE);
  toast.error(title, { description, ...(options?.id ? { id: options.id } : {}) });
  return description;
}

/** The 'Erreur de validation' toast with the first error's message (only the first is shown, spec §5). */
export function toastValidationError(firstMessage: string | undefined, title?: string): void {
  // The form's own (French) schema message in the tab's language (decision 097); the title likewise.
  const m = ownerMessages(ownerLocale());
  toast.error(title ?? m.shell_validation_error(), { description: firstMessage ? localized(firstMessage) : m.shell_validation_fallback() });
}

function messageIn(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own !== '') return own;
  // Nested fields (objects, arrays): their first message.
  for (const value of Object.values(error)) {
    if (value === (error as { ref?: unknown }).ref) continue;
    const nested = messageIn(value);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * The first error's message: the first of `order` (the fields' order on screen) that has one, else the
 * first in the errors object (zod's order, i.e. the schema's).
 */
export function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>, order: readonly string[] = []): string | undefined {
  const record = errors as Record<string, unknown>;
  for (const name of order) {
    const message = messageIn(record[name]);
    if (message) return message;
  }
  for (const value of Object.values(record)) {
    const message = messageIn(value);
    if (message) return message;
  }
  return undefined;
}

/**
 * react-hook-form's `handleSubmit(onValid, onInvalid(order?))`: toasts the first error only, in a toast
 * titled 'Erreur de validation' (`title`: the same toast on a page in another language, e.g. the English
 * sign-up). `order` lists the fields in their order on screen.
 */
export function onInvalid(order?: readonly string[], title?: string) {
  return <T extends FieldValues>(errors: FieldErrors<T>): void => toastValidationError(firstErrorMessage(errors, order), title);
}

/** Clears every toast on screen: a form that succeeded leaves no stale error behind (issue #53). */
export function dismissToasts(): void {
  toast.dismiss();
}

/** An error toast whose title is the whole message (no error object to describe), e.g. 'Lien invalide ou expiré'. */
export function toastErrorTitle(title: string, options?: { id?: string; description?: string }): void {
  toast.error(title, options);
}
