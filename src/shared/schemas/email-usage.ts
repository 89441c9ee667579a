import { z } from 'zod';
import type { EnglishOf } from '../i18n/english-of';
import { PLAN_IDS, PLAN_STATES } from '../rules/plans';

export const EMAIL_USAGE_MESSAGES = { organisationNotFound: 'Organisation introuvable.' } as const;
export const EMAIL_USAGE_MESSAGES_EN: EnglishOf<typeof EMAIL_USAGE_MESSAGES> = { organisationNotFound: 'Organisation not found.' };

/** GET /api/email-usage: the organisation's diner emails this Paris month against its plan (decision 058). */
export const ZEmailUsageResponse = z.object({
  month: z.string(),
  used: z.number().int(),
  /** Null: unlimited. */
  limit: z.number().int().nullable(),
  plan: z.enum(PLAN_IDS),
  state: z.enum(PLAN_STATES),
});
export type TEmailUsageResponse = z.infer<typeof ZEmailUsageResponse>;
