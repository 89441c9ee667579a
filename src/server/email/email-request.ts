/** What asks for an email: the one payload every email job carries, checked when queued and when run. */
import { z } from 'zod';
import { EMAIL_TEMPLATE_KEYS } from './catalogue';

const ZEmailData = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

export const ZSendEmail = z.object({
  template: z.enum(EMAIL_TEMPLATE_KEYS),
  restaurantId: z.uuid().nullable(),
  customerId: z.uuid().nullable(),
  /** A fixed recipient (auth, decisions, tests). Null: the customer's address at send time, or the restaurant's contact email for its alerts. */
  to: z.string().min(3).max(320).nullable(),
  /** What caused the email (feedback, reward, user…): with restaurant, recipient and template, its send key. */
  eventId: z.string().min(1).max(300),
  data: ZEmailData.default({}),
  /** A test send from /automations: sample data, no consent check, a fresh key, no retry. */
  test: z.boolean().optional(),
});
export type SendEmailRequest = z.input<typeof ZSendEmail>;
export type SendEmailPayload = z.infer<typeof ZSendEmail>;

