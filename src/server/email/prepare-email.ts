/** What an email turns into when its job runs: its context read in one statement, its rules applied, rendered (or skipped, with why). */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryPreparedRows } from '../platform';
import { automations } from '../db/schema';
import type { EmailDeps } from './email-deps';
import { clock } from '../lib/runtime/clock';
import type { TemplateData } from '../../shared/rules/email-template';
import { formatDate } from '../../shared/format';
import { isLocale, type Locale, type OwnerLocale } from '../../shared/rules/locales';
import { withLang } from '../../shared/rules/lang-link';
import { readOwnerLocale } from './owner-locale';
import { paths } from '../../shared/paths';
import { validReviewUrl } from '../../shared/rules/review-url';
import { isUuid } from '../../shared/rules/uuid';
import {
  canonicalTemplate,
  DINER_TEMPLATES,
  isAutomationTemplate,
  MARKETING_TEMPLATES,
  QUOTA_COUNTED_TEMPLATES,
  RESTAURANT_ADDRESSED_TEMPLATES,
  REVIEW_LINK_TEMPLATES,
  SKIP_REASONS,
  SUPPORT_REPLY_TEMPLATES,
} from './catalogue';
import { effectivePlan, type EffectivePlan } from '../../shared/rules/plans';
import { OVER_QUOTA_MARK } from './quota';
import { countedData, renderAutomationEmail, renderAutomationSubject, renderSystemEmail, unsubscribeFooter, withAgreedCounts } from './render';
import { confirmationBlock, confirmHeadline } from './templates/diner';
import { absoluteLogoUrl } from './layout';
import type { OutgoingMail } from './transport';
import { buildUnsubscribeHeaders, createUnsubscribeToken } from './unsubscribe';
import { mailFromAddress } from './transport';
import { DEFAULT_AUTOMATIONS, ownerAutomationEnglish } from './default-automations';
import { sampleEmailData } from './sample-data';
import { venueBaseUrl } from '../../shared/venue';
import { alertTemplateData, readAlertedRatings, withRatingsList, type AlertedRating } from './low-rating-alert-data';
import { readWeeklyDigest } from './weekly-digest-data';
import { type SendEmailPayload } from './email-request';

/** The customer a test send's unsubscribe link names: nobody (no customer has the nil id). */
const TEST_SEND_CUSTOMER_ID = '00000000-0000-0000-0000-000000000000';

export type Prepared =
  | { kind: 'skip'; reason: string; to: string; subject: string }
  | { kind: 'send'; mail: OutgoingMail };

type LoadedRestaurant = {
  id: string;
  name: string;
  contactEmail: string;
  logoUrl: string | null;
  googleReviewUrl: string | null;
  /** Its organisation's plan now (decision 058): an expired trial sends no diner email; white label. */
  plan: EffectivePlan;
  brandColor: string | null;
};
type LoadedCustomer = {
  email: string | null;
  firstName: string | null;
  points: number;
  marketingConsent: boolean;
  unsubscribed: boolean;
  lastVisitMs: number | null;
  /** The newest reward unlocked and not yet used, if any (the day-30 email names it). */
  pendingReward: string | null;
  /** The language the diner last rated in (decision 091), if known. */
  lang: Locale | null;
};
type LoadedAutomation = Pick<typeof automations.$inferSelect, 'status' | 'config'>;

type EmailContextRow = {
  restaurant_id: string;
  name: string;
  contact_email: string;
  logo_url: string | null;
  google_review_url: string | null;
  org_plan: string | null;
  org_trial_ends_at: string | Date | null;
  brand_color: string | null;
  automation_status: LoadedAutomation['status'] | null;
  automation_config: LoadedAutomation['config'] | null;
  customer_id: string | null;
  customer_email: string | null;
  first_name: string | null;
  points: number | null;
  marketing_consent: boolean | null;
  unsubscribed: boolean | null;
  last_visit_ms: number | null;
  pending_reward: string | null;
  customer_lang: string | null;
};

/**
 * The restaurant, its saved automation for a template (none when `automationKey` is null) and the
 * customer (only one of this restaurant; none when `customerId` is null), in one statement built once:
 * each email reads it, and building it at each send cost a tenth of the email's CPU.
 */
const readEmailContext = sql`select r.id as restaurant_id, r.name, r.contact_email, r.logo_url, r.google_review_url,
             o.plan as org_plan, o.trial_ends_at as org_trial_ends_at, r.brand_color,
             a.status as automation_status, a.config as automation_config,
             c.id as customer_id, c.email as customer_email, c.first_name, c.points, c.marketing_consent,
             c.unsubscribed_at is not null as unsubscribed, floor(extract(epoch from c.last_visit_at) * 1000)::float8 as last_visit_ms, c.lang as customer_lang,
             (select cr.label from customer_rewards cr where cr.customer_id = c.id and cr.status = 'pending'
               order by cr.created_at desc limit 1) as pending_reward
      from restaurants r
      join organisations o on o.id = r.organisation_id
      left join automations a on a.restaurant_id = r.id and a.key = ${sql.placeholder('automationKey')}
      left join customers c on c.id = ${sql.placeholder('customerId')} and c.restaurant_id = r.id
      where r.id = ${sql.placeholder('restaurantId')}`;

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
  const [row] = await queryPreparedRows<EmailContextRow>(db, readEmailContext, { restaurantId: payload.restaurantId, automationKey, customerId: payload.customerId });
  if (!row) return null;
  return {
    restaurant: {
      id: row.restaurant_id,
      name: row.name,
      contactEmail: row.contact_email,
      logoUrl: row.logo_url,
      googleReviewUrl: row.google_review_url,
      plan: effectivePlan({ plan: row.org_plan, trialEndsAt: row.org_trial_ends_at, limitOverrides: null }, clock.now()),
      brandColor: row.brand_color,
    },
    automation: row.automation_status && row.automation_config ? { status: row.automation_status, config: row.automation_config } : null,
    customer: row.customer_id
      ? {
          email: row.customer_email,
          firstName: row.first_name,
          points: row.points ?? 0,
          marketingConsent: row.marketing_consent === true,
          unsubscribed: row.unsubscribed === true,
          lastVisitMs: row.last_visit_ms,
          pendingReward: row.pending_reward,
          lang: isLocale(row.customer_lang) ? row.customer_lang : null,
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
  deps: EmailDeps,
  payload: SendEmailPayload,
  { restaurant, automation: saved, customer }: { restaurant: LoadedRestaurant; automation: LoadedAutomation | null; customer: LoadedCustomer | null },
  extra: ExtraTemplateData | null,
  ownerLocale: OwnerLocale,
): Prepared {
  const template = canonicalTemplate(payload.template);
  // A restaurant whose defaults were never written (made before they existed) sends the active default.
  const fallback = DEFAULT_AUTOMATIONS.find((candidate) => candidate.key === template);
  const automation = saved ?? (fallback ? { status: 'active' as const, config: fallback.config } : undefined);
  const toRestaurant = RESTAURANT_ADDRESSED_TEMPLATES.has(template);
  const to = payload.to ?? (toRestaurant ? restaurant.contactEmail : customer?.email) ?? null;
  // The owner's last sends show the subject as the diner would have read it, not its {{variables}}.
  const subjectForLog = automation ? renderAutomationSubject(automation.config.subject, { restaurant_name: restaurant.name, first_name: customer?.firstName ?? '' }) : template;
  const skip = (reason: string): Prepared => ({ kind: 'skip', reason, to: to ?? '', subject: subjectForLog });
  if (!automation) return skip(SKIP_REASONS.automationMissing);
  if (!payload.test && automation.status !== 'active') return skip(SKIP_REASONS.automationPaused);
  if (!to) return skip(payload.customerId && !customer ? SKIP_REASONS.customerMissing : SKIP_REASONS.noAddress);
  const marketing = MARKETING_TEMPLATES.has(template);
  const toDiner = DINER_TEMPLATES.has(template);
  if (!payload.test && toDiner && customer?.unsubscribed) return skip(SKIP_REASONS.unsubscribed);
  // An organisation whose trial is over sends no diner email; one past its month's quota records them (decision 058).
  if (!payload.test && QUOTA_COUNTED_TEMPLATES.has(template) && restaurant.plan.state === 'expired') return skip(SKIP_REASONS.plan);
  if (!payload.test && QUOTA_COUNTED_TEMPLATES.has(template) && payload.data[OVER_QUOTA_MARK]) return skip(SKIP_REASONS.quota);
  if (!payload.test && marketing) {
    if (!customer) return skip(SKIP_REASONS.customerMissing);
    if (!customer.marketingConsent) return skip(SKIP_REASONS.noConsent);
  }
  // Only a valid link leads to a public review; without one, nothing links back to ReFeed's own form.
  const reviewUrl = validReviewUrl(restaurant.googleReviewUrl);
  if (!payload.test && REVIEW_LINK_TEMPLATES.has(template) && !reviewUrl) return skip(SKIP_REASONS.noReviewLink);
  if (!payload.test && extra?.skip) return skip(extra.skip);
  if (!payload.test && template === 'we_miss_you_30d' && customer?.lastVisitMs != null) {
    const dueAt = customer.lastVisitMs + automation.config.delay_minutes * 60_000;
    if (dueAt > clock.now().getTime()) return skip(SKIP_REASONS.cameBack);
  }

  const publicUrl = deps.env.PUBLIC_URL;
  // A thank-you to a typed address not confirmed yet (decision 074): the confirmation block rides along, and
  // nothing is read from a customer record nor relayed of what was typed (the device's points come with it).
  const claim = !payload.test && template === 'thanks_after_visit' ? claimOf(payload) : null;
  // The diner's language (decision 091): the layout's, the unsubscribe line's, the confirmation block's. The
  // text is the owner's in that language when they wrote one, else their French one (its counts in French).
  // An alert or digest to the restaurant goes in its owner's language (issue #53): the English default while the
  // owner kept the French one, their own English text if they wrote one (ownerAutomationEnglish).
  const locale: Locale = toDiner ? dinerLocaleOf(payload, claim || payload.test ? null : customer) : ownerLocale;
  const translated =
    locale === 'fr' ? undefined : toRestaurant ? (ownerAutomationEnglish(template, automation.config) ?? undefined) : automation.config.translations?.[locale];
  const textLocale: Locale = translated ? locale : 'fr';
  const balance = Number(payload.data.balance ?? customer?.points ?? 0);
  const pointsAdded = Number(payload.data.points_added ?? 0);
  const rewardCost = typeof payload.data.reward_cost === 'number' ? payload.data.reward_cost : null;
  const reached = typeof payload.data.reached === 'number' ? payload.data.reached : balance + (rewardCost ?? 0);
  const data: TemplateData = payload.test
    ? sampleEmailData(template, { id: restaurant.id, name: restaurant.name, reviewUrl }, publicUrl, textLocale)
    : {
        restaurant_name: restaurant.name,
        first_name: claim ? claim.firstName : (customer?.firstName ?? ''),
        // Without a review link: empty, so {{#google_url}} sections vanish and a link to it is dropped (render.ts).
        google_url: reviewUrl ?? '',
        // The numbers of the event (the visit, the unlock), else the customer's now (the day-30 email).
        balance,
        rating: payload.data.rating ?? null,
        comment: claim ? null : (payload.data.comment ?? null),
        points_added: pointsAdded,
        // French agreement (issue 48): « 1 point », « 0 point »; the owner's '{{balance}} points' is read as these (render.ts).
        ...countedData({ balance, points_added: pointsAdded, reached, reward_cost: rewardCost }, textLocale),
        ...(claim ? { confirm_url: claim.url, confirm_minutes: claim.minutes, confirm_headline: confirmHeadline(claim.points, locale) } : {}),
        // The reward of a reward email, else (the day-30 email) the one waiting for the diner.
        reward_name: payload.data.reward_name ?? customer?.pendingReward ?? null,
        reward_date: payload.data.reward_date ?? (template === 'reward_unlocked' ? formatDate(clock.now(), textLocale) : null),
        restaurant_url: `${publicUrl}${paths.dinerFeedback.href(restaurant.id)}`,
        offer_text: payload.data.offer_text ?? null,
        label: payload.data.label ?? null,
        created_at: payload.data.created_at ?? null,
        // The owner's pages, in this venue (decision 056).
        admin_feedback_url: `${venueBaseUrl(publicUrl, restaurant.id)}${payload.customerId ? paths.customer.href(payload.customerId) : paths.dashboard.href()}`,
        dashboard_url: withLang(`${venueBaseUrl(publicUrl, restaurant.id)}${paths.dashboard.href()}`, toRestaurant && ownerLocale === 'en' ? 'en' : 'fr'),
        ...extra?.data,
      };
  let footerHtml = '';
  let headers: Record<string, string> | undefined;
  // A test send carries the same footer and headers, made for no customer (the link unsubscribes nobody).
  const unsubscribeFor = payload.customerId ?? (payload.test ? TEST_SEND_CUSTOMER_ID : null);
  if (toDiner && unsubscribeFor) {
    const unsubscribe = buildUnsubscribeHeaders(publicUrl, mailFromAddress(deps.env.MAIL_FROM), createUnsubscribeToken(deps.env.AUTH_SECRET, unsubscribeFor));
    footerHtml = unsubscribeFooter(unsubscribe.url, restaurant.name, { marketing, locale });
    headers = unsubscribe.headers;
  }
  const text = translated ?? { subject: automation.config.subject, html: automation.config.html };
  const ownConfig = !payload.test && extra?.html ? { ...text, html: extra.html(text.html, ownerLocale) } : text;
  const agreed = withAgreedCounts(ownConfig);
  const config = claim ? { ...agreed, html: withConfirmationBlock(agreed.html, confirmationBlock(locale, claim.minutes)) } : agreed;
  // White label (decision 058): a diner's email carries the restaurant's colour and no ReFeed mention.
  const whiteLabel = toDiner && restaurant.plan.state !== 'expired' && restaurant.plan.features.whiteLabel ? { brandColor: restaurant.brandColor } : null;
  const rendered = renderAutomationEmail(config, data, { restaurantName: restaurant.name, logoUrl: absoluteLogoUrl(publicUrl, restaurant.logoUrl), footerHtml, whiteLabel, locale });
  return {
    kind: 'send',
    mail: {
      to,
      subject: payload.test ? `[Test] ${rendered.subject}` : rendered.subject,
      html: rendered.html,
      text: rendered.text,
      // Diners see the restaurant as the sender and reply to it; its own alerts come from ReFeed, and an
      // alert about one diner who left an address replies to that diner.
      ...(toRestaurant ? (extra?.replyTo && !payload.test ? { replyTo: extra.replyTo } : {}) : { fromName: restaurant.name, replyTo: restaurant.contactEmail }),
      headers,
    },
  };
}

/** The confirmation a thank-you carries to a typed, not yet confirmed address (decision 074), if any. */
export function claimOf(payload: SendEmailPayload): { url: string; minutes: number; points: number; firstName: string } | null {
  const url = payload.data.confirm_url;
  if (typeof url !== 'string' || !url) return null;
  const firstName = payload.data.first_name;
  return {
    url,
    minutes: Number(payload.data.confirm_minutes ?? 30),
    points: Number(payload.data.confirm_points ?? 0),
    firstName: typeof firstName === 'string' ? firstName : '',
  };
}

/** The owner's thank-you with the confirmation block after its body (before `</body>` in a whole document). */
function withConfirmationBlock(html: string, block: string): string {
  return /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${block}\n</body>`) : `${html}\n${block}`;
}

/** The language restaurants speak to diners in when a diner's is unknown (issue 52: French today). */
export const RESTAURANT_LOCALE: Locale = 'fr';

/**
 * The language of a diner's email (decision 091): the customer's latest (their last rating's), else the
 * one the email was queued with (a claim's first email, a confirmation, a test send: no customer record
 * read), else the restaurant's.
 */
function dinerLocaleOf(payload: SendEmailPayload, customer: LoadedCustomer | null): Locale {
  const queued = payload.data.lang;
  return customer?.lang ?? (isLocale(queued) ? queued : RESTAURANT_LOCALE);
}

/** What an email turned into, and whether its restaurant and customer still exist (its log names only those). */
export async function prepareEmail(deps: EmailDeps, payload: SendEmailPayload): Promise<{ prepared: Prepared; found: { restaurant: boolean; customer: boolean } }> {
  const template = canonicalTemplate(payload.template);
  const automationTemplate = isAutomationTemplate(template);
  const context = await loadEmailContext(deps.db, payload, automationTemplate ? template : null);
  const found = { restaurant: !!context, customer: !!context?.customer };
  const ownerLocale = OWNER_TEMPLATES.has(template) ? await readOwnerLocale(deps.db, { asked: payload.data.lang, to: payload.to ?? context?.restaurant.contactEmail ?? null, restaurantId: payload.restaurantId }) : 'fr';
  const extra = context && !payload.test ? await readExtraTemplateData(deps, payload, context, ownerLocale) : null;
  return { prepared: prepareFoundEmail(deps, payload, context, automationTemplate, extra, ownerLocale), found };
}

/** What some automations add to the template data, read at send time (the alert's ratings, the week's digest). */
type ExtraTemplateData = { data: TemplateData; replyTo?: string | null; html?: (html: string, locale: OwnerLocale) => string; skip?: string };

async function readExtraTemplateData(
  deps: EmailDeps,
  payload: SendEmailPayload,
  context: NonNullable<Awaited<ReturnType<typeof loadEmailContext>>>,
  locale: OwnerLocale,
): Promise<ExtraTemplateData | null> {
  const template = canonicalTemplate(payload.template);
  const publicUrl = deps.env.PUBLIC_URL;
  if (template === 'manager_alert_low_rating') {
    const alertId = payload.data.alert_id;
    // An alert queued by an older version names its one feedback by its event.
    const ratings: AlertedRating[] =
      typeof alertId === 'string'
        ? isUuid(alertId)
          ? await readAlertedRatings(deps.db, { alertId })
          : []
        : isUuid(payload.eventId)
          ? await readAlertedRatings(deps.db, { feedbackId: payload.eventId, restaurantId: context.restaurant.id })
          : [];
    if (ratings.length === 0) return { data: {}, skip: SKIP_REASONS.feedbackMissing };
    const { data, replyTo } = alertTemplateData(ratings, venueBaseUrl(publicUrl, context.restaurant.id), locale);
    return { data, replyTo, html: ratings.length > 1 ? withRatingsList : undefined };
  }
  if (template === 'weekly_digest') {
    const weekStart = typeof payload.data.week_start === 'string' ? payload.data.week_start : null;
    if (!weekStart || !/^\d{4}-\d{2}-\d{2}$/.test(weekStart)) return { data: {}, skip: SKIP_REASONS.noData };
    return { data: await readWeeklyDigest(deps.db, context.restaurant.id, weekStart, venueBaseUrl(publicUrl, context.restaurant.id), locale) };
  }
  return null;
}

function prepareFoundEmail(
  deps: EmailDeps,
  payload: SendEmailPayload,
  context: Awaited<ReturnType<typeof loadEmailContext>>,
  automationTemplate: boolean,
  extra: ExtraTemplateData | null,
  ownerLocale: OwnerLocale,
): Prepared {
  const restaurant = context?.restaurant ?? null;
  if (automationTemplate) {
    if (!context) return { kind: 'skip', reason: SKIP_REASONS.restaurantMissing, to: payload.to ?? '', subject: payload.template };
    return prepareAutomationEmail(deps, payload, context, extra, ownerLocale);
  }
  if (!payload.to) return { kind: 'skip', reason: SKIP_REASONS.noAddress, to: '', subject: payload.template };
  // A private reply (/avis) answers the diner's own message: no consent needed, but an unsubscribe made
  // since it was written is honoured, and it carries the unsubscribe link like every diner email.
  const reply =
    payload.template === 'feedback_reply' ? feedbackReplyFrame(deps, payload, context) : payload.template === 'retention_reminder' ? retentionReminderFrame(deps, payload, context) : null;
  if (reply?.skip) return { kind: 'skip', reason: reply.skip, to: payload.to, subject: String(payload.data.subject ?? payload.template) };
  const rendered = renderSystemEmail(payload.template as Parameters<typeof renderSystemEmail>[0], {
    to: payload.to,
    data: payload.data,
    restaurantName: restaurant?.name ?? '',
    env: deps.env,
    logoUrl: absoluteLogoUrl(deps.env.PUBLIC_URL, restaurant?.logoUrl ?? null),
    footerHtml: reply?.footerHtml,
    // A diner's email goes in the language the page asked it in, else the customer's (decision 091).
    locale: DINER_SYSTEM_TEMPLATES.has(payload.template) ? systemLocaleOf(payload, context?.customer ?? null) : 'fr',
    // An account or owner email goes in its recipient's language (issue #53).
    ownerLocale,
  });
  const fromRestaurant = FROM_RESTAURANT_SYSTEM_TEMPLATES.has(payload.template) && restaurant;
  // The owner's answer to a welcome or a decision reaches the team, not the no-reply sender.
  const toSupport = SUPPORT_REPLY_TEMPLATES.has(payload.template);
  return {
    kind: 'send',
    mail: {
      to: payload.to,
      ...rendered,
      ...(fromRestaurant ? { fromName: restaurant.name, replyTo: restaurant.contactEmail } : toSupport ? { replyTo: deps.env.SUPPORT_EMAIL } : {}),
      headers: reply?.headers,
    },
  };
}

/**
 * The emails an owner reads in their language (issue #53, readOwnerLocale): the account emails, the platform's
 * decisions, invitations, the organisation's notices, and the alert and digest addressed to the restaurant.
 * The platform team's own notice (admin_new_restaurant) stays French.
 */
const OWNER_TEMPLATES: ReadonlySet<string> = new Set<string>([
  'welcome_onboarding',
  'account_approved',
  'account_rejected',
  'account_suspended',
  'account_reactivated',
  'email_verification',
  'password_reset',
  'magic_link',
  'account_exists',
  'team_invitation',
  'quota_warning',
  'webhook_endpoint_disabled',
  'billing_payment_failed',
  'trial_ending',
  ...RESTAURANT_ADDRESSED_TEMPLATES,
]);

/** System emails a diner reads in their language (decision 091): the confirmation and card recovery, the private reply, the erasure link, the retention reminder. */
const DINER_SYSTEM_TEMPLATES: ReadonlySet<string> = new Set(['link_email_confirmation', 'feedback_reply', 'data_erasure_confirmation', 'retention_reminder']);

function systemLocaleOf(payload: SendEmailPayload, customer: LoadedCustomer | null): Locale {
  const asked = payload.data.lang;
  return isLocale(asked) ? asked : (customer?.lang ?? RESTAURANT_LOCALE);
}

/** System emails a diner receives from the restaurant (its name as sender, replies to its contact address). */
const FROM_RESTAURANT_SYSTEM_TEMPLATES: ReadonlySet<string> = new Set(['link_email_confirmation', 'feedback_reply', 'data_erasure_confirmation', 'retention_reminder']);

/**
 * The checks of the retention reminder, read at send time: the diner still exists, still consents and
 * did not unsubscribe since it was queued; it carries the unsubscribe link like every diner email.
 */
function retentionReminderFrame(
  deps: EmailDeps,
  payload: SendEmailPayload,
  context: Awaited<ReturnType<typeof loadEmailContext>>,
): { skip?: string; footerHtml?: string; headers?: Record<string, string> } {
  const frame = feedbackReplyFrame(deps, payload, context);
  if (frame.skip) return frame;
  if (!context?.customer?.marketingConsent) return { skip: SKIP_REASONS.noConsent };
  return { ...frame, footerHtml: unsubscribeFooter(unsubscribeUrlOf(frame.headers), context.restaurant.name, { marketing: true, locale: context.customer.lang ?? RESTAURANT_LOCALE }) };
}

/** The https unsubscribe link of List-Unsubscribe headers. */
function unsubscribeUrlOf(headers: Record<string, string> | undefined): string {
  return /<(https?:[^>]+)>/.exec(headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
}

/** The checks and unsubscribe footer of a private reply: its restaurant and diner must still exist, and the diner not have unsubscribed. */
function feedbackReplyFrame(
  deps: EmailDeps,
  payload: SendEmailPayload,
  context: Awaited<ReturnType<typeof loadEmailContext>>,
): { skip?: string; footerHtml?: string; headers?: Record<string, string> } {
  if (!context) return { skip: SKIP_REASONS.restaurantMissing };
  if (!payload.customerId || !context.customer) return { skip: SKIP_REASONS.customerMissing };
  if (context.customer.unsubscribed) return { skip: SKIP_REASONS.unsubscribed };
  const unsubscribe = buildUnsubscribeHeaders(deps.env.PUBLIC_URL, mailFromAddress(deps.env.MAIL_FROM), createUnsubscribeToken(deps.env.AUTH_SECRET, payload.customerId));
  return { footerHtml: unsubscribeFooter(unsubscribe.url, context.restaurant.name, { marketing: false, locale: context.customer.lang ?? RESTAURANT_LOCALE }), headers: unsubscribe.headers };
}

