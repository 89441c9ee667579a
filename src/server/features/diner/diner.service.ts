/** The feedback submission: one transaction from the rating to its points, rewards, emails and stats. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedbacks } from '../../db/schema';
import { preparedTransaction, queryPreparedRows, runPrepared } from '../../platform';
import type { AppDeps } from '../../deps';
import { clock } from '../../lib/runtime/clock';
import { AppError, isUniqueViolation } from '../../lib/http/errors';
import { enforceRateLimits, rateLimitsInStatement, RateLimitedError, type CountedRow, type RateLimitRule, type RequestHit } from '../../lib/limits/rate-limit';
import { computeEarning, DEFAULT_POINTS_RULES, type PointsRules } from '../../../shared/rules/points';
import type { LockedCustomer } from '../../core/customers';
import { earningStateAfter, earningStateOf, planRewardUnlocks, REWARD_UNLOCKED_REASON, type CatalogueEntry, type EarningStateRow } from '../../core/loyalty';
import { dailyStatsUpsert } from '../../core/daily-stats';
import { venueIsActiveSql } from '../../core/venue-state';
import { customerEventOf, hasActiveWebhookEndpointSql, queueWebhookEvents, type CustomerState, type WebhookEventInput } from '../../core/webhook-events';
import { DINER_MESSAGES, POSITIVE_RATING, ZSubmitFeedbackResponse, type TSubmitFeedbackInput, type TSubmitFeedbackResponse } from '../../../shared/schemas/diner';
import { linkEmailRule } from '../../lib/limits/rate-limit-rules';
import { automationDelaysOf, planFollowUpEmails, queueFollowUpEmails } from './diner.jobs';
import { isUuid } from '../../../shared/rules/uuid';
import { validReviewUrl } from '../../../shared/rules/review-url';
import { EMAIL_LINK_EXPIRES_MINUTES, pendingLinkOf } from './email-link.service';

type SubmissionSettings = {
  rules: PointsRules;
  delays: Record<string, number> | null;
  reviewUrl: string | null;
  reviewPromptAllRatings: boolean;
  catalogue: CatalogueEntry[];
  hasWebhooks: boolean;
};

/** The submission's first statement, as JSON columns (both drivers hand json back parsed). */
type OpeningRow = {
  hits: CountedRow[] | null;
  stored: { restaurant_id: string; submission_result: unknown } | null;
  settings: {
    base_points: number | null;
    bonus_good_rating: number | null;
    rating_threshold: number | null;
    max_points_per_day: number | null;
    earning_interval_hours: number | null;
    delays: Record<string, number> | null;
    review_url: string | null;
    review_prompt_all_ratings: boolean;
    catalogue: Array<{ id: string; label: string; cost: number }>;
    /** Whether the organisation has an active webhook endpoint (else no webhook statement at all). */
    has_webhooks: boolean;
  } | null;
  /** Whether this statement created the customer (its first submission here). */
  customer_created: boolean | null;
  /** Read for the customer's webhook event (customerEventOf). */
  last_name: string | null;
  phone: string | null;
} & { [K in keyof LockedCustomer]: LockedCustomer[K] | null } & { [K in keyof EarningStateRow]: EarningStateRow[K] | null };

/**
 * The submission's first round trip, one statement: the caller's rate limits counted, the submission id
 * looked up (a retry gets its first answer), the restaurant checked with its points rules, automation
 * delays and active rewards, and the device's customer found or created and locked until commit (its
 * no-op update takes the row lock a `select … for update` would) with its earning state (decision 062:
 * what the upsert returns is the row as it is after the lock, so a concurrent submission of the same
 * device has committed its points). The customer is not written for a retried submission id or a
 * restaurant that is not approved.
 */
async function openSubmission(
  tx: Db,
  input: TSubmitFeedbackInput,
  anonId: string,
  rateLimits: readonly RequestHit[],
): Promise<{
  stored: TSubmitFeedbackResponse | null;
  settings: SubmissionSettings | null;
  customer: LockedCustomer | null;
  earning: EarningStateRow | null;
  customerCreated: boolean;
  /** The customer's last name and phone before this submission (for its webhook event). */
  contact: { last_name: string | null; phone: string | null };
}> {
  const { restaurantId } = input;
  const counting = rateLimitsInStatement(rateLimits);
  const [row] = await queryPreparedRows<OpeningRow>(
    tx,
    sql`${counting.with ? sql`${counting.with},` : sql`with`} stored as (
          select restaurant_id, submission_result from feedbacks where submission_id = ${input.submissionId}::uuid
        ), settings as (
          select lr.base_points, lr.bonus_good_rating, lr.rating_threshold, lr.max_points_per_day, lr.earning_interval_hours,
                 ${automationDelaysOf(restaurantId)} as delays, r.google_review_url as review_url, r.review_prompt_all_ratings,
                 (select coalesce(json_agg(json_build_object('id', w.id, 'label', w.label, 'cost', w.cost) order by w.cost, w.id), '[]'::json)
                  from rewards w where w.restaurant_id = r.id and w.is_active) as catalogue,
                 ${hasActiveWebhookEndpointSql('r')} as has_webhooks
          from restaurants r left join loyalty_rules lr on lr.restaurant_id = r.id
          where r.id = ${restaurantId}::uuid and ${venueIsActiveSql('r')}
        ), customer as (
          insert into customers (restaurant_id, anon_id) select ${restaurantId}::uuid, ${anonId}::text from settings where not exists (select 1 from stored)
          on conflict (restaurant_id, anon_id) where anon_id is not null do update set anon_id = customers.anon_id
          returning id, points, email, first_name, last_name, phone, marketing_consent, last_visit_at, earned_on::text, earned_on_points, last_earned_at, (xmax = 0) as created
        )
        select ${counting.hits} as hits, (select row_to_json(stored) from stored) as stored, (select row_to_json(settings) from settings) as settings,
               c.id, c.points, c.email, c.first_name, c.last_name, c.phone, c.marketing_consent, c.last_visit_at, c.earned_on, c.earned_on_points, c.last_earned_at, c.created as customer_created
        from (select 1) one left join customer c on true`,
  );
  counting.enforce(row.hits);
  let stored: TSubmitFeedbackResponse | null = null;
  if (row.stored) {
    // A submission id reused for another restaurant is not a retry.
    if (row.stored.restaurant_id !== restaurantId) throw new AppError('CONFLICT', DINER_MESSAGES.invalidRequest);
    stored = ZSubmitFeedbackResponse.parse(row.stored.submission_result);
  }
  const found = row.settings;
  const settings: SubmissionSettings | null = found && {
    rules:
      found.base_points === null
        ? DEFAULT_POINTS_RULES
        : {
            basePoints: found.base_points,
            bonusGoodRating: found.bonus_good_rating!,
            ratingThreshold: found.rating_threshold!,
            maxPointsPerDay: found.max_points_per_day!,
            earningIntervalHours: found.earning_interval_hours!,
          },
    delays: found.delays,
    reviewUrl: validReviewUrl(found.review_url),
    reviewPromptAllRatings: found.review_prompt_all_ratings,
    catalogue: found.catalogue.map((reward) => ({ ...reward, isActive: true })),
    hasWebhooks: found.has_webhooks,
  };
  // The customer's columns at the top level (not in JSON): the bench's replay of this SQL finds its id there.
  const customer: LockedCustomer | null =
    row.id === null
      ? null
      : { id: row.id, points: row.points!, email: row.email, first_name: row.first_name, marketing_consent: row.marketing_consent!, last_visit_at: row.last_visit_at };
  const earning: EarningStateRow | null = row.id === null ? null : { earned_on: row.earned_on, earned_on_points: row.earned_on_points ?? 0, last_earned_at: row.last_earned_at };
  return { stored, settings, customer, earning, customerCreated: row.customer_created === true, contact: { last_name: row.last_name, phone: row.phone } };
}

async function findStoredSubmission(db: Db, submissionId: string, restaurantId: string): Promise<TSubmitFeedbackResponse | null> {
  const [stored] = await runPrepared(db
    .select({ restaurantId: feedbacks.restaurantId, result: feedbacks.submissionResult })
    .from(feedbacks)
    .where(eq(feedbacks.submissionId, submissionId)));
  if (!stored) return null;
  // A submission id reused for another restaurant is not a retry.
  if (stored.restaurantId !== restaurantId) throw new AppError('CONFLICT', DINER_MESSAGES.invalidRequest);
  return ZSubmitFeedbackResponse.parse(stored.result);
}

/** What the submission's write statement needs, worked out in JS from its first two reads. */
type SubmissionWrite = {
  input: TSubmitFeedbackInput;
  customerId: string;
  feedbackId: string;
  now: Date;
  result: TSubmitFeedbackResponse;
  pointsAdded: number;
  balance: number;
  paid: ReadonlyArray<{ id: string; rewardId: string; label: string; cost: number }>;
  /** Known to have a contact without reading (a confirmed email, a typed address, a phone typed without a claim). */
  hasContact: boolean;
  /** A typed address the device's record, holding no confirmed one, keeps for the owner « non confirmé » (decision 075). */
  unconfirmedEmail: string | null;
  reviewInvited: boolean;
  /** Which of the customer's fields the typed names, phone and consent may change. */
  setNames: boolean;
  setPhone: boolean;
  setConsent: boolean;
  /** The customer's earning state after these points (null: unchanged, nothing earned). */
  earned: ReturnType<typeof earningStateAfter>;
  /**
   * A typed address's pending link: the address counted under the link-email rule and, when within it,
   * the link's verification row stored (then its email is queued).
   */
  link: { rule: RateLimitRule; address: string; row: ReturnType<typeof pendingLinkOf>['row'] } | null;
};

/**
 * The submission's writes in one statement (data-modifying CTEs, one round trip, a fixed text): the visit
 * tracked at page load attached when still free (else a new one, with its QR if it is the restaurant's),
 * the feedback (its answer stored with it), the points earned, the rewards paid at once and their point
 * events, the customer's balance, visit date, names, phone and consent, and the day's stats (visit counted
 * only when created), and a typed address's pending link (counted under its limit, stored when within it).
 * Returns the visit's QR and table label (the feedback's emails name the table) and whether the link was
 * stored (then its confirmation email is queued).
 */
async function writeSubmission(tx: Db, write: SubmissionWrite): Promise<{ tableLabel: string | null; linkStored: boolean }> {
  const { input, customerId, feedbackId, now, earned, link } = write;
  // The link's count opens the statement (`with hit …, counted as (…)`); its row is stored within the limit.
  const counting = rateLimitsInStatement(link ? [{ rule: link.rule, subject: link.address }] : []);
  const linkRow = link?.row;
  const at = now.toISOString();
  const restaurantId = input.restaurantId;
  const visitId = input.visitId && isUuid(input.visitId) ? input.visitId : null;
  const qrId = isUuid(input.qrId) ? input.qrId : null;
  const [row] = await queryPreparedRows<{ table_label: string | null; link_hits: CountedRow[] | null }>(
    tx,
    sql`${counting.with ? sql`${counting.with},` : sql`with`} ${
      linkRow
        ? sql`link_stored as (
          insert into verifications (id, identifier, value, expires_at, created_at, updated_at)
          select ${linkRow.id}::text, ${linkRow.identifier}::text, ${linkRow.value}::text, ${linkRow.expiresAt.toISOString()}::timestamptz, ${linkRow.createdAt.toISOString()}::timestamptz, ${linkRow.updatedAt.toISOString()}::timestamptz
          where (select count from counted) <= ${link!.rule.limit}::int
        ),`
        : sql``
    } attached as (
          update visits set customer_id = ${customerId}::uuid
          where id = ${visitId}::uuid and restaurant_id = ${restaurantId}::uuid and customer_id is null
          returning id, table_label, qr_code_id
        ), created as (
          insert into visits (restaurant_id, customer_id, qr_code_id, table_label, source, created_at)
          select ${restaurantId}::uuid, ${customerId}::uuid, q.id, q.table_label, 'qr', ${at}::timestamptz
          from (select 1) one left join qr_codes q on q.id = ${qrId}::uuid and q.restaurant_id = ${restaurantId}::uuid
          where not exists (select 1 from attached)
          returning id, table_label, qr_code_id
        ), visit as (
          select id, table_label, qr_code_id from attached union all select id, table_label, qr_code_id from created
        ), feedback as (
          insert into feedbacks (id, restaurant_id, visit_id, customer_id, rating, comment, submission_id, submission_result, created_at, qr_code_id, table_label, has_contact, review_invited)
          select ${feedbackId}::uuid, ${restaurantId}::uuid, v.id, ${customerId}::uuid, ${input.rating}::int, ${input.comment ?? null}::text, ${input.submissionId}::uuid,
                 ${JSON.stringify(write.result)}::jsonb, ${at}::timestamptz, v.qr_code_id, v.table_label,
                 ${write.hasContact}::boolean or exists (select 1 from customers where id = ${customerId}::uuid and phone is not null), ${write.reviewInvited}::boolean
          from visit v
          returning id
        ), earned as (
          insert into point_events (restaurant_id, customer_id, feedback_id, points, created_at)
          select ${restaurantId}::uuid, ${customerId}::uuid, id, ${write.pointsAdded}::int, ${at}::timestamptz from feedback where ${write.pointsAdded}::int > 0
        ), paid as (
          select * from jsonb_to_recordset(${JSON.stringify(write.paid)}::jsonb) as r(id uuid, "rewardId" uuid, label text, cost int)
        ), rewarded as (
          insert into customer_rewards (id, restaurant_id, customer_id, reward_id, label, cost, status, created_at)
          select id, ${restaurantId}::uuid, ${customerId}::uuid, "rewardId", label, cost, 'pending', ${at}::timestamptz from paid
        ), paid_events as (
          insert into point_events (restaurant_id, customer_id, points, reason, created_at)
          select ${restaurantId}::uuid, ${customerId}::uuid, -cost, ${REWARD_UNLOCKED_REASON}::text, ${at}::timestamptz from paid
        ), customer as (
          update customers set points = ${write.balance}::int, last_visit_at = ${at}::timestamptz,
            lang = coalesce(${input.lang ?? null}::text, lang),
            unconfirmed_email = coalesce(${write.unconfirmedEmail}::text, unconfirmed_email),
            first_name = case when ${write.setNames}::boolean then coalesce(${input.firstName ?? null}::text, first_name) else first_name end,
            last_name = case when ${write.setNames}::boolean then coalesce(${input.lastName ?? null}::text, last_name) else last_name end,
            phone = case when ${write.setPhone}::boolean then coalesce(${input.phone ?? null}::text, phone) else phone end,
            marketing_consent = marketing_consent or ${write.setConsent}::boolean,
            marketing_consent_at = case when ${write.setConsent}::boolean then ${at}::timestamptz else marketing_consent_at end,
            unsubscribed_at = case when ${write.setConsent}::boolean then null else unsubscribed_at end,
            earned_on = coalesce(${earned?.day ?? null}::date, earned_on),
            earned_on_points = coalesce(${earned?.points ?? null}::int, earned_on_points),
            last_earned_at = coalesce(${earned?.at.toISOString() ?? null}::timestamptz, last_earned_at)
          where id = ${customerId}::uuid
        ), stats as (
          ${dailyStatsUpsert(restaurantId, now, { visits: sql`select count(*) from created`, feedbacks: 1, ratingSum: input.rating })}
        )
        select (select table_label from visit) as table_label, ${counting.hits} as link_hits`,
  );
  return { tableLabel: row?.table_label ?? null, linkStored: link !== null && counting.results(row.link_hits)[0].allowed };
}

/**
 * submit-feedback, in one transaction (one commit): the caller's rate limits, the device's customer (by
 * its anonymous id: a typed email is only a claim), visit, feedback, points (none within the earning
 * interval, capped per Paris day), point event, balance and names, rewards reached (paid at once), the
 * emails the feedback leads to (and the customer's 'we miss you' moved) and the day's stats. A typed
 * email the device has not confirmed becomes a pending link: its confirmation email is the only one
 * that address gets, and nothing of the customer of that address is read or changed, so the answer is
 * the same whoever owns it. A retried submission id returns the first answer and records nothing twice.
 */
export async function submitFeedback(
  deps: Pick<AppDeps, 'db' | 'boss' | 'env' | 'rateLimits'>,
  input: TSubmitFeedbackInput,
  anonId: string,
  rateLimits: readonly RequestHit[] = [],
): Promise<TSubmitFeedbackResponse> {
  const { db } = deps;
  try {
    // On one connection the transaction knows, so that its statements are named (prepared) there: decision 031.
    return await preparedTransaction(db, async (tx) => {
      // The caller's rate limits are counted in the first statement, so the count and the feedback share
      // one commit (a refused submission rolls its count back and stays refused: the count was at the limit already).
      if (!isUuid(input.restaurantId)) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
      const opened = await openSubmission(tx, input, anonId, rateLimits);
      if (opened.stored) return opened.stored;
      if (!opened.settings || !opened.customer) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
      const { rules, delays, reviewUrl, reviewPromptAllRatings, catalogue, hasWebhooks } = opened.settings;
      const customer = opened.customer;
      const now = clock.now();
      // The device's own confirmed address: the form works as before. Any other typed address is a claim.
      const confirmed = !!input.email && !!customer.email && customer.email.toLowerCase() === input.email;
      const claim = input.email && !confirmed ? input.email : null;
      // Kept on the customer row, returned after its lock: a concurrent submission of the same device has committed its points.
      const earningState = earningStateOf(opened.earning!, now, rules.earningIntervalHours);
      const { points: pointsAdded, earning } = computeEarning(input.rating, rules, earningState.earnedToday, earningState.earnedRecently);
      const { paid, balance } = planRewardUnlocks(customer.points, customer.points + pointsAdded, catalogue);
      const unlocked = paid.map((reward) => ({ id: randomUUID(), rewardId: reward.id, label: reward.label, cost: reward.cost }));
      // In the schema's key order: a retried submission's answer is the stored one read through the schema,
      // and a double click gets the same bytes from both paths.
      const result: TSubmitFeedbackResponse = {
        pointsAdded,
        balance,
        unlockedRewards: unlocked.map((reward) => ({ name: reward.label, cost: reward.cost })),
        reached: customer.points + pointsAdded,
        earning,
      };
      const feedbackId = randomUUID();

      // A claimed address's pending link, stored with the rest (its email is queued below when it was).
      const link = claim
        ? { restaurantId: input.restaurantId, email: claim, firstName: input.firstName, lastName: input.lastName, phone: input.phone, marketingConsent: input.marketingConsent, lang: input.lang }
        : null;
      const pending = link ? pendingLinkOf(deps, link, anonId, customer.id, now) : null;

      // Names, phone and consent typed with a claimed address wait in the pending link: a device already
      // holding a confirmed address is not renamed by what is typed with another one.
      const { tableLabel, linkStored } = await writeSubmission(tx, {
        input,
        customerId: customer.id,
        feedbackId,
        now,
        result,
        pointsAdded,
        balance,
        paid: unlocked,
        // Copied for /avis (decision 035): its filters read the feedback row alone.
        hasContact: !!customer.email || !!claim || !!input.phone,
        unconfirmedEmail: claim && !customer.email ? claim : null,
        reviewInvited: !!reviewUrl && (input.rating >= 4 || reviewPromptAllRatings),
        setNames: !(claim && customer.email),
        setPhone: !claim,
        setConsent: !claim && confirmed && !!input.marketingConsent && !customer.marketing_consent,
        earned: earningStateAfter(earningState, pointsAdded, now),
        // Over the address's hourly limit (shared with the link box), the rating is kept and no email leaves.
        link: claim && pending ? { rule: linkEmailRule(deps.rateLimits.diner), address: claim, row: pending.row } : null,
      });

      const followUp = planFollowUpEmails({
        restaurantId: input.restaurantId,
        customerId: customer.id,
        // Diner emails go to a confirmed address; a claimed one gets its one day-0 email (decision 074).
        email: claim ? null : customer.email,
        claim:
          pending && linkStored
            ? { to: pending.email.to, url: pending.url, expiresInMinutes: EMAIL_LINK_EXPIRES_MINUTES, firstName: null, linkId: pending.linkId }
            : null,
        lastVisitAt: now,
        feedback: { id: feedbackId, rating: input.rating, comment: input.comment ?? null, createdAt: now, tableLabel },
        pointsAdded,
        balance,
        rewards: unlocked,
        delays,
        lang: input.lang ?? null,
      });
      // Webhooks (issue #31): nothing at all for an organisation without an active endpoint (read with the
      // first statement); otherwise one statement for every event of this submission, and its jobs.
      if (hasWebhooks) {
        const at = now.toISOString();
        const restaurantId = input.restaurantId;
        const feedback = { id: feedbackId, rating: input.rating, comment: input.comment ?? null, table_label: tableLabel, customer_id: customer.id, created_at: at };
        const events: WebhookEventInput[] = [];
        // The customer's event (decision 077): created when it becomes known, updated when a known one changes;
        // its state after mirrors writeSubmission's update of the row.
        const setNames = !(claim && customer.email);
        const before: CustomerState = { email: customer.email, first_name: customer.first_name, last_name: opened.contact.last_name, phone: opened.contact.phone, marketing_consent: customer.marketing_consent };
        const setConsent = !claim && confirmed && !!input.marketingConsent && !customer.marketing_consent;
        const after: CustomerState = {
          email: customer.email,
          first_name: setNames ? (input.firstName ?? before.first_name) : before.first_name,
          last_name: setNames ? (input.lastName ?? before.last_name) : before.last_name,
          phone: !claim ? (input.phone ?? before.phone) : before.phone,
          marketing_consent: before.marketing_consent || setConsent,
        };
        const customerEvent = customerEventOf(restaurantId, customer.id, opened.customerCreated ? null : before, after, now);
        if (customerEvent) events.push(customerEvent);
        events.push({ restaurantId, type: 'feedback.created', data: feedback });
        if (input.rating < POSITIVE_RATING) events.push({ restaurantId, type: 'feedback.low_rating', data: feedback });
        for (const reward of unlocked) {
          events.push({ restaurantId, type: 'reward.unlocked', data: { id: reward.id, label: reward.label, cost: reward.cost, customer_id: customer.id, unlocked_at: at } });
        }
        await queueWebhookEvents(deps.boss, tx, events);
      }
      await queueFollowUpEmails(deps.boss, tx, followUp, { marketingConsent: customer.marketing_consent || (!claim && confirmed && !!input.marketingConsent) });
      return result;
    });
  } catch (error) {
    // Two identical submissions at the same moment: the second one loses the race on the unique id.
    if (isUniqueViolation(error, 'feedbacks_submission_id_unique')) {
      const stored = await findStoredSubmission(db, input.submissionId, input.restaurantId);
      if (stored) return stored;
    }
    // A submission refused for another reason (an unknown restaurant…) still counts against the
    // caller's limits, as every request does: its transaction rolled the count back, so it is
    // counted again on its own (and answers 429 once over the limit, as a counted-first request would).
    if (!(error instanceof RateLimitedError) && rateLimits.length > 0) await enforceRateLimits(db, rateLimits);
    throw error;
  }
}
