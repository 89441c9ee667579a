import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { AppError } from './errors';

export const INVALID_REQUEST_MESSAGE = 'Requête invalide';

/**
 * Validates one part of the request with a shared zod schema. Bad input answers 400 with the first
 * failing field's message (the same message the form shows), never a 500.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new AppError('BAD_REQUEST', result.error.issues[0]?.message ?? INVALID_REQUEST_MESSAGE);
    }
  });
}
