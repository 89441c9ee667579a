import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { $ZodType } from 'zod/v4/core';
import { AppError } from './errors';

export const INVALID_REQUEST_MESSAGE = 'Requête invalide';

/**
 * Validates one part of the request with a shared zod schema (classic zod or zod/mini: both share
 * zod's core type). Bad input answers 400 with the first
 * failing field's message (the same message the form shows), never a 500.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends $ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new AppError('BAD_REQUEST', result.error.issues[0]?.message ?? INVALID_REQUEST_MESSAGE);
    }
  });
}
