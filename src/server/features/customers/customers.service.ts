import { and, asc, count, desc, eq, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerRewards, customers, emailLogs, feedbacks, pointEvents, visits } from '../../db/schema';
import { clock } from '../../lib/runtime/clock';
import { normalizeSearchText } from '../../../shared/rules/search-text';
import { looksLikePhoneSearch, phoneDigits } from '../../../shared/rules/phone-digits';
import { CUSTOMER_MESSAGES, CUSTOMERS_COUNT_CAP, CUSTOMERS_PAGE_SIZE, type TCustomerDetail, type TCustomerFilter, type TCustomerListItem, type TCustomerScope, type TCustomersPage } from '../../../shared/schemas/customers';
import { recordRestaurantAudit } from '../../core/restaurant-audit';
import { eraseCustomerData } from '../../core/customer-erasure';
import { AppError } from '../../lib/http/errors';

/**
 * The owner pages' customers: search, a customer's history, CSV export and the data rights (export,
 * erasure). Who a diner is and merging records live in the domain core (core/customers.ts).
 */

/** The columns of a customer in the list, the detail and the CSV export (customers-export.ts). */
export const listColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  unconfirmedEmail: customers.unconfirmedEmail,
  phone: customers.phone,
  points: customers.points,
  lastVisitAt: customers.lastVisitAt,
  anonymizedAt: customers.anonymizedAt,
};

function toListItem(row: Omit<TCustomerListItem, 'lastVisitAt' | 'anonymizedAt'> & { lastVisitAt: Date | null; anonymizedAt: Date | null }): TCustomerListItem {
  // Field by field: a caller's wider row (visits, consent…) never leaks into the answer through this.
  const { id, firstName, lastName, email, phone, points } = row;
  // A typed address is shown only while none is confirmed (decision 075).
  const unconfirmedEmail = email ? null : row.unconfirmedEmail;
  return { id, firstName, lastName, email, unconfirmedEmail, phone, points, lastVisitAt: row.lastVisitAt?.toISOString() ?? null, anonymizedAt: row.anonymizedAt?.toISOString() ?? null };
}

/** `%…%` for LIKE with the user's own % _ and \ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The customers the restaurant can know: an email (confirmed or typed), a phone, or a reward waiting to be handed over. */
const knownCustomer = sql`(${customers.email} is not null or ${customers.unconfirmedEmail} is not null or ${customers.phone} is not null
  or exists (select 1 from customer_rewards cr where cr.customer_id = ${customers.id} and cr.status = 'pending'))`;

/** The rating of the customer's latest feedback (null without one). */
const lastRating = sql`(select f.rating from feedbacks f where f.customer_id = ${customers.id} order by f.created_at desc limit 1)`;

function filterCondition(filter: TCustomerFilter, restaurantId: string, now: Date): SQL {
  switch (filter) {
    case 'email':
      return isNotNull(customers.email);
    case 'consent':
      return sql`${customers.marketingConsent} and ${customers.unsubscribedAt} is null and ${customers.email} is not null`;
    case 'reward':
      return sql`${customers.id} in (select cr.customer_id from customer_rewards cr where cr.restaurant_id = ${restaurantId} and cr.status = 'pending')`;
    case 'away30':
    case 'away90': {
      const days = filter === 'away30' ? 30 : 90;
      return lt(customers.lastVisitAt, new Date(now.getTime() - days * 24 * 3600 * 1000));
    }
    case 'lowRating':
      return sql`${lastRating} <= 3`;
  }
}

/**
 * /customers: the restaurant's customers, most recent visit first, 20 per page. By default only those it
 * can know (email, phone or a reward waiting; scope 'all' adds anonymous devices), narrowed by one filter.
 * The search compares first name, last name and email ignoring case and accents ('elodie' finds
 * 'Élodie') in the generated search_text column, and a search that reads as a phone number compares
 * its digits to the generated phone_digits column ('06 12' finds '+33 6 12 …'); a trigram index serves
 * each. The default page walks the list-order index and stops at 20 matching rows.
 */
export async function searchCustomers(db: Db, restaurantId: string, query: CustomerListQuery): Promise<TCustomersPage> {
  const { page, total } = customerListQueries(db, restaurantId, query);
  const offset = (query.page - 1) * CUSTOMERS_PAGE_SIZE;
  const rows = await page;
  // A page that is not full (or the first page empty) gives the total itself: no count (issue 34: a rare
  // search made the count read every customer of the restaurant). Otherwise the total is counted up to
  // COUNT_CAP + 1 matches and stops there ('1 000+').
  const found = rows.length < CUSTOMERS_PAGE_SIZE && (rows.length > 0 || query.page === 1) ? offset + rows.length : (await total)[0].total;
  const capped = Number(found) > CUSTOMERS_COUNT_CAP;
  return {
    items: rows.map((row) => ({ ...toListItem(row), visitCount: Number(row.visitCount), pendingRewards: Number(row.pendingRewards) })),
    total: capped ? CUSTOMERS_COUNT_CAP : Number(found),
    totalIsCapped: capped,
    page: query.page,
    pageSize: CUSTOMERS_PAGE_SIZE,
  };
}

export type CustomerListQuery = { q: string; page: number; scope?: TCustomerScope; filter?: TCustomerFilter };

/**
 * Whom the list shows (and the CSV exports): the restaurant's customers matching the search, by default
 * those it can know (a typed address not confirmed yet counts, decision 075), narrowed by one filter.
 */
export function customerListWhere(restaurantId: string, query: Omit<CustomerListQuery, 'page'>): SQL {
  const text = query.q.trim();
  const needle = normalizeSearchText(text);
  const digits = looksLikePhoneSearch(text) ? phoneDigits(text) : '';
  const conditions: SQL[] = [eq(customers.restaurantId, restaurantId)];
  if (needle) {
    const byText = sql`${customers.searchText} like ${containsPattern(needle)}`;
    conditions.push(digits ? sql`(${byText} or ${customers.phoneDigits} like ${containsPattern(digits)})` : byText);
  }
  if ((query.scope ?? 'known') === 'known') {
    conditions.push(knownCustomer);
  }
  if (query.filter) conditions.push(filterCondition(query.filter, restaurantId, clock.now()));
  return and(...conditions) ?? sql`true`;
}

/** The list's two statements, the page and its capped total (the performance test reads their plans). */
export function customerListQueries(db: Db, restaurantId: string, query: CustomerListQuery) {
  const where = customerListWhere(restaurantId, query);
  return {
    page: db
      .select({
        ...listColumns,
        // Named in full: in the select list drizzle writes a bare "id", which the subquery would read as its own.
        visitCount: sql<number>`(select count(*) from visits v where v.customer_id = "customers"."id")::int`,
        pendingRewards: sql<number>`(select count(*) from customer_rewards cr where cr.customer_id = "customers"."id" and cr.status = 'pending')::int`,
      })
      .from(customers)
      .where(where)
      .orderBy(sql`${customers.lastVisitAt} desc nulls last`, desc(customers.createdAt), asc(customers.id))
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset((query.page - 1) * CUSTOMERS_PAGE_SIZE),
    // Counting 100,000 rows costs more than the page: the total is exact up to COUNT_CAP, then '1 000+'.
    total: db.select({ total: count() }).from(db.select({ id: customers.id }).from(customers).where(where).limit(CUSTOMERS_COUNT_CAP + 1).as('capped')),
  };
}

/** A customer's list columns with the detail's (and the CSV's) two more. */
export const detailColumns = { ...listColumns, createdAt: customers.createdAt, marketingConsent: customers.marketingConsent };

async function findCustomer(db: Db, restaurantId: string, customerId: string) {
  const [row] = await db
    .select(detailColumns)
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

/** The CSV export's audit line (the file itself is streamed by customers-export.ts). */
export async function recordCustomersCsvExport(db: Db, restaurantId: string, actorUserId: string): Promise<void> {
  await recordRestaurantAudit(db, { restaurantId, actorUserId, action: 'customers_csv_exported' });
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

/** Data rights: erases a customer (core/customer-erasure.ts, the same erasure the diner asks for on 'Mes données'). */
export async function eraseCustomer(db: Db, restaurantId: string, customerId: string, actorUserId: string): Promise<void> {
  await eraseCustomerData(db, restaurantId, customerId, { actorUserId, by: 'owner' });
}
