import type { z } from 'zod';
import { unprintableMessage } from '../rules/printable-text';

/**
 * A refinement for a text the table cards print (a venue name, a table label): refused with a French message
 * naming the characters the card font cannot draw (decision 076).
 */
export function printableOnCards(what: 'Le label' | 'Le nom du restaurant') {
  return (value: string | null | undefined, context: z.RefinementCtx) => {
    const message = value ? unprintableMessage(what, value) : null;
    if (message) context.addIssue({ code: 'custom', message });
  };
}
