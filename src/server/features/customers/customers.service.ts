import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Db } from '../../db/client';
import { customerRewards, customers, emailDeliveries, emailLogs, feedbackReplies, feedbacks, pointEvents, verification, visits } from '../../db/schema';
import { clock } from '../../lib/clock';
import { formatShortDateFr } from '../../../shared/format';
import { normalizeSearchText } from '../../../shared/rules/search-text';
import { CUSTOMER_MESSAGES, CUSTOMERS_COUNT_CAP, CUSTOMERS_PAGE_SIZE, type TCustomerDetail, type TCustomerListItem, type TCustomersPage } from '../../../shared/schemas/customers';
import { recordRestaurantAudit } from '../../core/restaurant-audit';
import { AppError } from '../../lib/errors';

/**
 * The owner pages' customers: search, a customer's history, CSV export and the data rights (export,
 * erasure). Who a diner is and merging records live in the domain core (core/customers.ts).
 */

const listColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customers.phone,
  points: customers.points,
  lastVisitAt: customers.lastVisitAt,
};

function toListItem(row: { id: string; firstName: string | null; lastName: string | null; email: string | null; phone: string | null; points: number; lastVisitAt: Date | null }): TCustomerListItem {
  return { ...row, lastVisitAt: row.lastVisitAt?.toISOString() ?? null };
}

/** `%…%` for LIKE with the user's own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * /customers: the restaurant's customers, most recent visit first, 20 per page, filtered by first
 * name, last name or email ignoring case and accents ('elodie' finds 'Élodie'). The filter compares
 * the generated search_text column, which a trigram index serves.
 */
export async function searchCustomers(db: Db, restaurantId: string, query: { q: string; page: number }): Promise<TCustomersPage> {
  const needle = normalizeSearchText(query.q.trim());
  const where = needle
    ? and(eq(customers.restaurantId, restaurantId), sql`${customers.searchText} like ${containsPattern(needle)}`)
    : eq(customers.restaurantId, restaurantId);
  const offset = (query.page - 1) * CUSTOMERS_PAGE_SIZE;
  const rows = await db
    .select(listColumns)
    .from(customers)
    .where(where)
    .orderBy(sql`${customers.lastVisitAt} desc nulls last`, desc(customers.createdAt), asc(customers.id))
    .limit(CUSTOMERS_PAGE_SIZE)
    .offset(offset);
  // A page that is not full (or the first page empty) gives the total itself: no count (issue 34: a rare
  // search made the count read every customer of the restaurant). Otherwise the total is counted up to
  // COUNT_CAP + 1 matches and stops there ('1 000+').
  const total =
    rows.length < CUSTOMERS_PAGE_SIZE && (rows.length > 0 || query.page === 1)
      ? offset + rows.length
      : (await db.select({ total: count() }).from(db.select({ id: customers.id }).from(customers).where(where).limit(CUSTOMERS_COUNT_CAP + 1).as('capped')))[0].total;
  const capped = Number(total) > CUSTOMERS_COUNT_CAP;
  return { items: rows.map(toListItem), total: capped ? CUSTOMERS_COUNT_CAP : Number(total), totalIsCapped: capped, page: query.page, pageSize: CUSTOMERS_PAGE_SIZE };
}

async function findCustomer(db: Db, restaurantId: string, customerId: string) {
  const [row] = await db
    .select({ ...listColumns, createdAt: customers.createdAt, marketingConsent: customers.marketingConsent })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.restaurantId, restaurantId)));
  if (!row) throw new AppError('NOT_FOUND', CUSTOMER_MESSAGES.notFound);
  return row;
}

const HISTORY_LIMIT = 100;

/** A customer's page: identity, then their latest feedbacks, visits, point events and rewards. */
export async function getCustomerDetail(db: Db, restaurantId: string, customerId: string): Promise<TCustomerDetail> {
  const row = await findCustomer(db, restaurantId, customerId);
  const [feedbackRows, visitRows, eventRows, rewardRows] = await Promise.all([
    db.select().from(feedbacks).where(and(eq(feedbacks.restaurantId, restaurantId), eq(feedbacks.customerId, customerId))).orderBy(desc(feedbacks.createdAt)).limit(HISTORY_LIMIT),
    db.select().from(visits).where(and(eq(visits.restaurantId, restaurantId), eq(visits.customerId, customerId))).orderBy(desc(visits.createdAt)).limit(HISTORY_LIMIT),
    db.select().from(pointEvents).where(and(eq(pointEvents.restaurantId, restaurantId), eq(pointEvents.customerId, customerId))).orderBy(desc(pointEvents.createdAt)).limit(HISTORY_LIMIT),
    db.select().from(customerRewards).where(and(eq(customerRewards.restaurantId, restaurantId), eq(customerRewards.customerId, customerId))).orderBy(desc(customerRewards.createdAt)).limit(HISTORY_LIMIT),
  ]);
  return {
    customer: { ...toListItem(row), createdAt: row.createdAt.toISOString(), marketingConsent: row.marketingConsent },
    feedbacks: feedbackRows.map((f) => ({ id: f.id, rating: f.rating, comment: f.comment, createdAt: f.createdAt.toISOString() })),
    visits: visitRows.map((v) => ({ id: v.id, tableLabel: v.tableLabel, createdAt: v.createdAt.toISOString() })),
    pointEvents: eventRows.map((e) => ({ id: e.id, points: e.points, reason: e.reason, createdAt: e.createdAt.toISOString() })),
    rewards: rewardRows.map((r) => ({ id: r.id, label: r.label, cost: r.cost, status: r.status, createdAt: r.createdAt.toISOString(), redeemedAt: r.redeemedAt?.toISOString() ?? null })),
  };
}

const CSV_COLUMNS = ['Prénom', 'Nom', 'Email', 'Téléphone', 'Points', 'Dernière visite', 'Client depuis', 'Consentement marketing'];

/**
 * Every customer as CSV for French Excel: UTF-8 with a BOM, ';' between cells, CRLF line ends, and a
 * cell starting with = + - @ (a formula) neutralised by papaparse's escapeFormulae.
 */
export async function exportCustomersCsv(db: Db, restaurantId: string, actorUserId: string): Promise<string> {
  const rows = await db
    .select({ ...listColumns, createdAt: customers.createdAt, marketingConsent: customers.marketingConsent })
    .from(customers)
    .where(eq(customers.restaurantId, restaurantId))
    .orderBy(asc(customers.createdAt), asc(customers.id));
  const data = rows.map((row) => [
    row.firstName ?? '',
    row.lastName ?? '',
    row.email ?? '',
    row.phone ?? '',
    String(row.points),
    row.lastVisitAt ? formatShortDateFr(row.lastVisitAt) : '',
    formatShortDateFr(row.createdAt),
    row.marketingConsent ? 'oui' : 'non',
  ]);
  await recordRestaurantAudit(db, { restaurantId, actorUserId, action: 'customers_csv_exported' });
  return '\uFEFF' + Papa.unparse({ fields: CSV_COLUMNS, data }, { delimiter: ';', newline: '\r\n', escapeFormulae: true, quotes: false });
}

/** Data rights: everything the restaurant holds about one customer, as JSON (the export is audited). */
export async function exportCustomerData(db: Db, restaurantId: string, customerId: string, actorUserId: string) {
  const detail = await getCustomerDetail(db, restaurantId, customerId);
  const mails = await db
    .select({ template: emailLogs.templateName, subject: emailLogs.subject, to: emailLogs.toEmail, status: emailLogs.status, createdAt: emailLogs.createdAt })
    .from(emailLogs)
    .where(and(eq(emailLogs.restaurantId, restaurantId), eq(emailLogs.customerId, customerId)))
    .orderBy(desc(emailLogs.createdAt));
  await recordRestaurantAudit(db, { restaurantId, actorUserId, action: 'customer_data_exported', subjectId: customerId });
  return { exportedAt: clock.now().toISOString(), ...detail, emails: mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
}

/** The rows of link requests and form claims kept until their email link is opened: JSON holding the address. */
const PENDING_LINK_PREFIX = 'diner-';

/**
 * Data rights: erases a customer, in one transaction (decision 028). Their row goes (points, point
 * events and earned rewards with it); their feedbacks and visits stay for the restaurant's statistics
 * with no link to a person and without the comment they wrote; and everything else that holds their
 * address, name or comment in this restaurant goes too: every email log row to that address (from any
 * device record of theirs), the send keys of those emails (email_deliveries), unconfirmed link rows
 * naming the address or their device, and the job queue's pending and completed jobs about them (the
 * payloads hold the address and the comment). The erasure is audited.
 */
export async function eraseCustomer(db: Db, restaurantId: string, customerId: string, actorUserId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: customers.id, email: customers.email, anonId: customers.anonId })
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.restaurantId, restaurantId)))
      .for('update');
    if (!locked) throw new AppError('NOT_FOUND', CUSTOMER_MESSAGES.notFound);
    const email = locked.email?.trim().toLowerCase() || null;
    await tx.update(feedbacks).set({ customerId: null, comment: null }).where(and(eq(feedbacks.restaurantId, restaurantId), eq(feedbacks.customerId, customerId)));
    // The private replies keep that one was sent, not to whom nor what it said.
    await tx.update(feedbackReplies).set({ toEmail: null, message: null }).where(and(eq(feedbackReplies.restaurantId, restaurantId), eq(feedbackReplies.customerId, customerId)));
    await tx.update(visits).set({ customerId: null, userAgent: null }).where(and(eq(visits.restaurantId, restaurantId), eq(visits.customerId, customerId)));
    await tx
      .delete(emailLogs)
      .where(and(eq(emailLogs.restaurantId, restaurantId), email ? or(eq(emailLogs.customerId, customerId), sql`lower(${emailLogs.toEmail}) = ${email}`) : eq(emailLogs.customerId, customerId)));
    if (email) {
      // Send keys are 'restaurant|address|template|event' (email/deliver.ts).
      await tx.delete(emailDeliveries).where(sql`starts_with(${emailDeliveries.sendKey}, ${`${restaurantId}|${email}|`})`);
    }
    // Link rows hold compact JSON (JSON.stringify): matched as text, so a row that is not JSON never fails the erasure.
    const mentions = [email ? `"email":${JSON.stringify(email)}` : null, locked.anonId ? `"anonId":${JSON.stringify(locked.anonId)}` : null].filter((m): m is string => m !== null);
    if (mentions.length) {
      await tx.delete(verification).where(
        and(
          sql`starts_with(${verification.identifier}, ${PENDING_LINK_PREFIX})`,
          sql`strpos(${verification.value}, ${`"restaurantId":${JSON.stringify(restaurantId)}`}) > 0`,
          or(...mentions.map((mention) => sql`strpos(lower(${verification.value}), ${mention.toLowerCase()}) > 0`)),
        ),
      );
    }
    // Every job about them in this restaurant, whatever its state (waiting, retrying, completed, failed):
    // emails to the address, emails and follow-ups naming the customer. Active ones are being sent now.
    await tx.execute(
      sql`delete from pgboss.job
          where data->>'restaurantId' = ${restaurantId}
            and (data->>'customerId' = ${customerId} or (${email}::text is not null and lower(data->>'to') = ${email}::text))`,
    );
    await tx.delete(customers).where(eq(customers.id, customerId));
    await recordRestaurantAudit(tx, { restaurantId, actorUserId, action: 'customer_erased', subjectId: customerId });
  });
}
