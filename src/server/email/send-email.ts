import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { prepareFixedRead, runPrepared } from '../db/prepared';
import { automations, emailLogs } from '../db/schema';
import type { AppDeps } from '../deps';
import { defineJob, enqueueJob, jobQueueDbOf, type JobDefinition, type PgBoss } from '../jobs/queue';
import { clock } from '../lib/clock';
import { SAMPLE_TEMPLATE_DATA, type TemplateData } from '../../shared/rules/email-template';
import { validReviewUrl } from '../../shared/rules/review-url';
import {
  canonicalTemplate,
  DINER_TEMPLATES,
  EMAIL_TEMPLATE_KEYS,
  isAutomationTemplate,
  MARKETING_TEMPLATES,
  RESTAURANT_ADDRESSED_TEMPLATES,
  REVIEW_LINK_TEMPLATES,
  SKIP_REASONS,
} from './catalogue';
import { buildSendKey, deliverEmailOnce } from './deliver';
import { renderAutomationEmail, renderSystemEmail, unsubscribeFooter } from './render';
import type { OutgoingMail } from './transport';
import { buildUnsubscribeHeaders, createUnsubscribeToken } from './unsubscribe';
import { mailFromAddress } from './transport';
import { DEFAULT_AUTOMATIONS } from './default-automations';

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
type SendEmailPayload = z.infer<typeof ZSendEmail>;

/** The customer a test send's unsubscribe link names: nobody (no customer has the nil id). */
const TEST_SEND_CUSTOMER_ID = '00000000-0000-0000-0000-000000000000';

export class EmailSendError extends Error {}

type Prepared =
  | { kind: 'skip'; reason: string; to: string; subject: string }
  | { kind: 'send'; mail: OutgoingMail };

type LoadedRestaurant = { id: string; name: string; contactEmail: string; logoUrl: string | null; googleReviewUrl: string | null };
type LoadedCustomer = { email: string | null; firstName: string | null; points: number; marketingConsent: boolean; unsubscribed: boolean; lastVisitMs: number | null };
type LoadedAutomation = Pick<typeof automations.$inferSelect, 'status' | 'config'>;

type EmailContextRow = {
  restaurant_id: string;
  name: string;
  contact_email: string;
  logo_url: string | null;
  google_review_url: string | null;
  automation_status: LoadedAutomation['status'] | null;
  automation_config: LoadedAutomation['config'] | null;
  customer_id: string | null;
  customer_email: string | null;
  first_name: string | null;
  points: number | null;
  marketing_consent: boolean | null;
  unsubscribed: boolean | null;
  last_visit_ms: number | null;
};

/**
 * The restaurant, its saved automation for a template (none when `automationKey` is null) and the
 * customer (only one of this restaurant; none when `customerId` is null), in one statement built once:
 * each email reads it, and building it at each send cost a tenth of the email's CPU.
 */
const readEmailContext = prepareFixedRead<EmailContextRow>(
  sql`select r.id as restaurant_id, r.name, r.contact_email, r.logo_url, r.google_review_url,
             a.status as automation_status, a.config as automation_config,
             c.id as customer_id, c.email as customer_email, c.first_name, c.points, c.marketing_consent,
             c.unsubscribed_at is not null as unsubscribed, floor(extract(epoch from c.last_visit_at) * 1000)::float8 as last_visit_ms
      from restaurants r
      left join automations a on a.restaurant_id = r.id and a.key = ${sql.placeholder('automationKey')}
      left join customers c on c.id = ${sql.placeholder('customerId')} and c.restaurant_id = r.id
      where r.id = ${sql.placeholder('restaurantId')}`,
);

/**
 * Everything an email is rendered and checked from, in one read: the restaurant, its saved automation
 * for `template` (automation templates only) and the customer (only one of this restaurant).
 */
async function loadEmailContext(
  db: Db,
  payload: SendEmailPayload,
  automationKey: string | null,
): Promise<{ restaurant: LoadedRestaurant; automation: LoadedAutomation | null; customer: LoadedCustomer | null } | null> {
  if (!payload.restaurantId) return null;
  const [row] = await readEmailContext(db, { restaurantId: payload.restaurantId, automationKey, customerId: payload.customerId });
  if (!row) return null;
  return {
    restaurant: { id: row.restaurant_id, name: row.name, contactEmail: row.contact_email, logoUrl: row.logo_url, googleReviewUrl: row.google_review_url },
    automation: row.automation_status && row.automation_config ? { status: row.automation_status, config: row.automation_config } : null,
    customer: row.customer_id
      ? {
          email: row.customer_email,
          firstName: row.first_name,
          points: row.points ?? 0,
          marketingConsent: row.marketing_consent === true,
          unsubscribed: row.unsubscribed === true,
          lastVisitMs: row.last_visit_ms,
        }
      : null,
  };
}

/**
 * Renders a restaurant's automation and applies its rules, all read now (not when the job was queued):
 * the automation is active, the address is known, a diner did not unsubscribe, a marketing send has
 * consent, a review nudge has a valid review link to lead to,
 * and a 'we miss you' send is still due (the customer did not come back since).
 */
function prepareAutomationEmail(
  deps: AppDeps,
  payload: SendEmailPayload,
  { restaurant, automation: saved, customer }: { restaurant: LoadedRestaurant; automation: LoadedAutomation | null; customer: LoadedCustomer | null },
): Prepared {
  const template = canonicalTemplate(payload.template);
  // A restaurant whose defaults were never written (made before they existed) sends the active default.
  const fallback = DEFAULT_AUTOMATIONS.find((candidate) => candidate.key === template);
  const automation = saved ?? (fallback ? { status: 'active' as const, config: fallback.config } : undefined);
  const toRestaurant = RESTAURANT_ADDRESSED_TEMPLATES.has(template);
  const to = payload.to ?? (toRestaurant ? restaurant.contactEmail : customer?.email) ?? null;
  const subjectForLog = automation?.config.subject ?? template;
  const skip = (reason: string): Prepared => ({ kind: 'skip', reason, to: to ?? '', subject: subjectForLog });
  if (!automation) return skip(SKIP_REASONS.automationMissing);
  if (!payload.test && automation.status !== 'active') return skip(SKIP_REASONS.automationPaused);
  if (!to) return skip(payload.customerId && !customer ? SKIP_REASONS.customerMissing : SKIP_REASONS.noAddress);
  const marketing = MARKETING_TEMPLATES.has(template);
  const toDiner = DINER_TEMPLATES.has(template);
  if (!payload.test && toDiner && customer?.unsubscribed) return skip(SKIP_REASONS.unsubscribed);
  if (!payload.test && marketing) {
    if (!customer) return skip(SKIP_REASONS.customerMissing);
    if (!customer.marketingConsent) return skip(SKIP_REASONS.noConsent);
  }
  // Only a valid link leads to a public review; without one, nothing links back to ReFeed's own form.
  const reviewUrl = validReviewUrl(restaurant.googleReviewUrl);
  if (!payload.test && REVIEW_LINK_TEMPLATES.has(template) && !reviewUrl) return skip(SKIP_REASONS.noReviewLink);
  if (!payload.test && template === 'we_miss_you_30d' && customer?.lastVisitMs != null) {
    const dueAt = customer.lastVisitMs + automation.config.delay_minutes * 60_000;
    if (dueAt > clock.now().getTime()) return skip(SKIP_REASONS.cameBack);
  }

  const publicUrl = deps.env.PUBLIC_URL;
  const data: TemplateData = payload.test
    ? { ...SAMPLE_TEMPLATE_DATA, restaurant_name: restaurant.name, google_url: reviewUrl ?? SAMPLE_TEMPLATE_DATA.google_url }
    : {
        restaurant_name: restaurant.name,
        first_name: customer?.firstName ?? '',
        // Without a review link: empty, so {{#google_url}} sections vanish and a link to it is dropped (render.ts).
        google_url: reviewUrl ?? '',
        balance: customer?.points ?? payload.data.balance ?? 0,
        rating: payload.data.rating ?? null,
        comment: payload.data.comment ?? null,
        points_added: payload.data.points_added ?? 0,
        reward_name: payload.data.reward_name ?? null,
        offer_text: payload.data.offer_text ?? null,
        label: payload.data.label ?? null,
        created_at: payload.data.created_at ?? null,
        admin_feedback_url: payload.customerId ? `${publicUrl}/customers/${payload.customerId}` : `${publicUrl}/dashboard`,
      };
  let footerHtml = '';
  let headers: Record<string, string> | undefined;
  // A test send carries the same footer and headers, made for no customer (the link unsubscribes nobody).
  const unsubscribeFor = payload.customerId ?? (payload.test ? TEST_SEND_CUSTOMER_ID : null);
  if (toDiner && unsubscribeFor) {
    const unsubscribe = buildUnsubscribeHeaders(publicUrl, mailFromAddress(deps.env.MAIL_FROM), createUnsubscribeToken(deps.env.AUTH_SECRET, unsubscribeFor));
    footerHtml = unsubscribeFooter(unsubscribe.url, restaurant.name, { marketing });
    headers = unsubscribe.headers;
  }
  const rendered = renderAutomationEmail(automation.config, data, { restaurantName: restaurant.name, logoUrl: restaurant.logoUrl, footerHtml });
  return {
    kind: 'send',
    mail: {
      to,
      subject: payload.test ? `[Test] ${rendered.subject}` : rendered.subject,
      html: rendered.html,
      text: rendered.text,
      // Diners see the restaurant as the sender and reply to it; its own alerts come from ReFeed.
      ...(toRestaurant ? {} : { fromName: restaurant.name, replyTo: restaurant.contactEmail }),
      headers,
    },
  };
}

/** What an email turned into, and whether its restaurant and customer still exist (its log names only those). */
async function prepareEmail(deps: AppDeps, payload: SendEmailPayload): Promise<{ prepared: Prepared; found: { restaurant: boolean; customer: boolean } }> {
  const template = canonicalTemplate(payload.template);
  const automationTemplate = isAutomationTemplate(template);
  const context = await loadEmailContext(deps.db, payload, automationTemplate ? template : null);
  const found = { restaurant: !!context, customer: !!context?.customer };
  return { prepared: prepareFoundEmail(deps, payload, context, automationTemplate), found };
}

function prepareFoundEmail(deps: AppDeps, payload: SendEmailPayload, context: Awaited<ReturnType<typeof loadEmailContext>>, automationTemplate: boolean): Prepared {
  const restaurant = context?.restaurant ?? null;
  if (automationTemplate) {
    if (!context) return { kind: 'skip', reason: SKIP_REASONS.restaurantMissing, to: payload.to ?? '', subject: payload.template };
    return prepareAutomationEmail(deps, payload, context);
  }
  if (!payload.to) return { kind: 'skip', reason: SKIP_REASONS.noAddress, to: '', subject: payload.template };
  const rendered = renderSystemEmail(payload.template as Parameters<typeof renderSystemEmail>[0], {
    to: payload.to,
    data: payload.data,
    restaurantName: restaurant?.name ?? '',
    env: deps.env,
  });
  const fromRestaurant = payload.template === 'link_email_confirmation' && restaurant;
  return {
    kind: 'send',
    mail: { to: payload.to, ...rendered, ...(fromRestaurant ? { fromName: restaurant.name, replyTo: restaurant.contactEmail } : {}) },
  };
}

const domainOf = (address: string) => address.split('@')[1]?.toLowerCase() ?? '';

/**
 * The one way an email leaves the app: rendered from its template now, checked, sent once per key
 * (email/deliver.ts), written to email_logs. A transport failure is logged and thrown, so pg-boss
 * retries this email alone with backoff; whatever caused it was committed long before.
 */
export async function handleSendEmail(payload: SendEmailPayload, deps: AppDeps): Promise<void> {
  const template = canonicalTemplate(payload.template);
  const { prepared, found } = await prepareEmail(deps, payload);
  // A restaurant or customer deleted (or erased) since the email was queued is not named in its log:
  // the row could not reference it, and the job would fail and retry for nothing.
  const log = {
    restaurantId: found.restaurant ? payload.restaurantId : null,
    customerId: found.customer ? payload.customerId : null,
    templateName: template,
    createdAt: clock.now(),
  };
  if (prepared.kind === 'skip') {
    await runPrepared(deps.db.insert(emailLogs).values({ ...log, toEmail: prepared.to, toDomain: domainOf(prepared.to), subject: prepared.subject, status: 'skipped', error: prepared.reason }));
    return;
  }
  const { mail } = prepared;
  const entry = { ...log, toEmail: mail.to, toDomain: domainOf(mail.to), subject: mail.subject };
  const sendKey = buildSendKey({ restaurantId: payload.restaurantId, to: mail.to, template, eventId: payload.eventId });
  let outcome;
  try {
    // A sent mail's log row is written with its delivery mark, in one statement.
    outcome = await deliverEmailOnce(deps, sendKey, mail, { sentLog: { ...entry, status: 'sent', error: null } });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await runPrepared(deps.db.insert(emailLogs).values({ ...entry, createdAt: clock.now(), status: 'failed', error: message.slice(0, 500) }));
    throw new EmailSendError(message);
  }
  if (outcome !== 'sent') await runPrepared(deps.db.insert(emailLogs).values({ ...entry, createdAt: clock.now(), status: 'skipped', error: DELIVERY_SKIP_REASONS[outcome] }));
}

const DELIVERY_SKIP_REASONS = {
  'already-sent': SKIP_REASONS.alreadySent,
  'in-progress': SKIP_REASONS.inProgress,
  'unknown-after-crash': SKIP_REASONS.unknownAfterCrash,
} as const;

/** Emails wait in the queue up to 90 days (the 30-day send must outlive pg-boss's 14-day default). */
const EMAIL_RETENTION_SECONDS = 90 * 24 * 3600;

/** A queue of the send-email job: the same payload, handler, retries and retention; its own name and policy. */
const defineEmailJob = (name: string, policy?: 'short') =>
  defineJob<SendEmailPayload, AppDeps>({
    name,
    payload: ZSendEmail,
    retryLimit: 5,
    queue: { ...(policy ? { policy } : {}), retentionSeconds: EMAIL_RETENTION_SECONDS },
    handle: handleSendEmail,
  });

export const SEND_EMAIL_JOB = defineEmailJob('email.send');

/**
 * The 'we miss you' sends: one waiting per customer (singletonKey restaurant:customer on a `short`
 * queue), moved to 30 days after the latest visit each time the customer comes back.
 */
export const SEND_COMEBACK_EMAIL_JOB = defineEmailJob('email.send-comeback', 'short');

/**
 * The day-3 review nudges: one waiting per customer as well (decision 025), moved to 3 days after the
 * latest 4–5 star visit, so two good visits never queue two identical nudges.
 */
export const SEND_NUDGE_EMAIL_JOB = defineEmailJob('email.send-nudge', 'short');

/** The automations that keep one pending send per customer, and the queue each waits on. */
const ONE_PENDING_PER_CUSTOMER = { we_miss_you_30d: SEND_COMEBACK_EMAIL_JOB, review_nudge_3d: SEND_NUDGE_EMAIL_JOB } as const;
export type OnePendingTemplate = keyof typeof ONE_PENDING_PER_CUSTOMER;

/**
 * Emails queued for later (the day-3 review nudge). Not in SEND_EMAIL_JOB's queue: pg-boss fetches a
 * queue's jobs in creation order and skips those not yet due, so three days of waiting nudges made every
 * fetch of the immediate emails (one per submission, woken by NOTIFY) walk them all (decision 022).
 */
export const SEND_LATER_EMAIL_JOB = defineEmailJob('email.send-later');

/** Whether an email due at `startAfter` waits on the queue of later emails. */
const isDueLater = (startAfter: Date | undefined) => !!startAfter && startAfter.getTime() > clock.now().getTime();

export const EMAIL_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [
  SEND_EMAIL_JOB,
  SEND_LATER_EMAIL_JOB,
  SEND_COMEBACK_EMAIL_JOB,
  SEND_NUDGE_EMAIL_JOB,
] as ReadonlyArray<JobDefinition<unknown, AppDeps>>;

/**
 * Queues an email. Given `tx`, it is written in the transaction that causes it (a rolled-back write
 * sends nothing). `startAfter` delays it (on the queue of later emails); `deleteAfterSeconds` shortens how long a
 * payload carrying a secret link stays in the queue table.
 */
export async function enqueueEmail(
  boss: PgBoss,
  request: SendEmailRequest,
  options: { tx?: Db; startAfter?: Date; id?: string; deleteAfterSeconds?: number; retryLimit?: number } = {},
): Promise<string | null> {
  return enqueueJob(boss, isDueLater(options.startAfter) ? SEND_LATER_EMAIL_JOB : SEND_EMAIL_JOB, ZSendEmail.parse(request), options);
}

/** An email for enqueueEmails: its request, its job id (the same id is queued once) and when it is due. */
export type QueuedEmail = { request: SendEmailRequest; id: string; startAfter?: Date };

/**
 * Queues several emails, with enqueueEmail's checks, the queue's retry and retention settings: those due
 * now in one statement, those for later (`startAfter` ahead) in one more, on their own queue
 * (SEND_LATER_EMAIL_JOB). Given `tx`, inside that transaction.
 */
export async function enqueueEmails(boss: PgBoss, emails: readonly QueuedEmail[], options: { tx?: Db } = {}): Promise<void> {
  const db = options.tx ? { db: jobQueueDbOf(options.tx) } : undefined;
  const later = emails.filter((email) => isDueLater(email.startAfter));
  for (const [queue, group] of [
    [SEND_EMAIL_JOB.name, emails.filter((email) => !later.includes(email))],
    [SEND_LATER_EMAIL_JOB.name, later],
  ] as const) {
    if (group.length === 0) continue;
    await boss.insert(
      queue,
      group.map(({ request, id, startAfter }) => ({ id, data: ZSendEmail.parse(request), ...(startAfter ? { startAfter } : {}) })),
      db,
    );
  }
}

/** A send kept once per customer: its request (template, restaurant, customer) and when it is due. */
export type PendingEmail = { request: SendEmailRequest & { template: OnePendingTemplate; restaurantId: string; customerId: string }; dueAt: Date };

/**
 * Puts (or moves) the customer's one pending send of `request.template` ('we miss you', review nudge) at
 * `dueAt`, with the request's data: an upsert by (restaurant, customer) on that template's own queue. Two
 * transactions doing it at once end with one job (the second insert meets the first one's row and moves
 * it). Given `tx`, inside that transaction.
 */
export async function schedulePendingEmail(boss: PgBoss, { request, dueAt }: PendingEmail, options: { tx?: Db } = {}): Promise<void> {
  const data = ZSendEmail.parse(request) as object;
  await boss.upsert(ONE_PENDING_PER_CUSTOMER[request.template].name, data, {
    singletonKey: `${request.restaurantId}:${request.customerId}`,
    startAfter: dueAt,
    ...(options.tx ? { db: jobQueueDbOf(options.tx) } : {}),
  });
}

/** Puts (or moves) the customer's one pending 'we miss you' email at `dueAt`. Given `tx`, inside that transaction. */
export async function scheduleComebackEmail(
  boss: PgBoss,
  request: SendEmailRequest & { restaurantId: string; customerId: string },
  dueAt: Date,
  options: { tx?: Db } = {},
): Promise<void> {
  await schedulePendingEmail(boss, { request: { ...request, template: 'we_miss_you_30d' }, dueAt }, options);
}

/** A test send's id, fresh each time so the owner can send the same test twice. */
export const newTestEventId = () => `test:${randomUUID()}`;
