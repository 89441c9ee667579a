import type { FieldErrors, FieldValues } from 'react-hook-form';
import { toast } from 'sonner';

/** Shows only the first invalid field's message (in form order) in a 'Erreur de validation' toast. */
export function toastFirstError<T extends FieldValues>(errors: FieldErrors<T>, order: readonly string[]): void {
  const record = errors as Record<string, { message?: unknown } | undefined>;
  const first = order.map((name) => record[name]?.message).find((message): message is string => typeof message === 'string');
  const fallback = Object.values(record).map((error) => error?.message).find((message): message is string => typeof message === 'string');
  toast.error('Erreur de validation', { description: first ?? fallback ?? 'Vérifiez le formulaire.' });
}
