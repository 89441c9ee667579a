import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants';
import { ACCENTED, UNACCENTED } from '../../../shared/rules/search-text';
import { LOCALES } from '../../../shared/rules/locales';

/** The SQL of phone_digits (shared/rules/phone-digits.ts does the same to a search). */
const PHONE_DIGITS_SQL = `(case when regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') like '0033%' then '0' || substr(regexp_replace(phone, '[^0-9]', '', 'g'), 5)
  when phone ~ '^\\s*\\+' and regexp_replace(phone, '[^0-9]', '', 'g') like '33%' then '0' || substr(regexp_replace(phone, '[^0-9]', '', 'g'), 3)
  else regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') end)`;

/**
 * A diner's last sign of life, what the retention period counts from: the last visit, the last
 * 'Je reste membre', else when the row was made (decision 045). Indexed as written here.
 */
export const CUSTOMER_LAST_ACTIVITY_SQL = `coalesce(greatest(last_visit_at, last_active_at), created_at)`;

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    /**
     * The address last typed on this device's record while it has no confirmed one (a claim, issue 48,
     * decision 075): shown to the owner « non confirmé », answerable with the owner's text only; cleared
     * when an address is confirmed, and with the identity on erasure or anonymisation.
     */
    unconfirmedEmail: text('unconfirmed_email'),
    phone: text('phone'),
    points: integer('points').notNull().default(0),
    /** The diner's anonymous id (rf_tid cookie) while no email is known. */
    anonId: text('anon_id'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    /** Set by the unsubscribe link of a marketing email; a later explicit consent clears it. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }),
    /**
     * The language the diner last rated in (shared/rules/locales.ts; issue 52, decision 091): set by each
     * rating that says it; their emails go in it. Null: the restaurant's language.
     */
    lang: text('lang'),
    /** The diner's last sign of life other than a visit: 'Je reste membre' in the retention email (decision 045). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** When the retention reminder ('Souhaitez-vous rester membre ?') was queued for the current inactivity. */
    retentionNoticeAt: timestamp('retention_notice_at', { withTimezone: true }),
    /** When the retention job anonymised the row (identity and contact gone, counts kept; decision 045). */
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The earning state the submission checks (decision 062), kept on the row its first statement locks so
     * it is read after the lock without a round trip of its own: the Paris day of the last points earned by
     * a rating, the points earned that day, and when. Always what the point events say (positive, no reason):
     * the submission writes it with its points, a merge and the demo seed compute it again from the events.
     */
    earnedOn: date('earned_on', { mode: 'string' }),
    earnedOnPoints: integer('earned_on_points').notNull().default(0),
    lastEarnedAt: timestamp('last_earned_at', { withTimezone: true }),
    /**
     * First name, last name and email in lower case without accents, for the owner's search
     * ('elodie' finds 'Élodie'); kept by the database, served by a trigram index.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql.raw(`lower(translate(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, ''), '${ACCENTED}', '${UNACCENTED}'))`),
    ),
    /**
     * The phone's digits, a French international prefix (+33, 0033) read as the national 0, so a search
     * for '06 12' finds '+33 6 12 …'; kept by the database, served by a trigram index.
     */
    phoneDigits: text('phone_digits').generatedAlwaysAs(sql.raw(PHONE_DIGITS_SQL)),
  },
  (t) => [
    check('customers_points_check', sql`${t.points} >= 0`),
    check('customers_lang_check', sql`${t.lang} is null or ${t.lang} in (${sql.raw(LOCALES.map((locale) => `'${locale}'`).join(', '))})`),
    uniqueIndex('customers_restaurant_email_uq')
      .on(t.restaurantId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    uniqueIndex('customers_restaurant_anon_uq').on(t.restaurantId, t.anonId).where(sql`${t.anonId} is not null`),
    index('customers_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    index('customers_restaurant_last_name_idx').on(t.restaurantId, sql`lower(${t.lastName})`),
    index('customers_restaurant_first_name_idx').on(t.restaurantId, sql`lower(${t.firstName})`),
    // The owner's list order (most recent visit first): page 1 of 100,000 customers reads 20 index entries.
    index('customers_restaurant_recent_idx').on(t.restaurantId, sql`${t.lastVisitAt} desc nulls last`, sql`${t.createdAt} desc`, t.id),
    index('customers_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('customers_phone_digits_trgm_idx').using('gin', t.phoneDigits.op('gin_trgm_ops')),
    // The retention job's scan: the rows not yet anonymised, by restaurant (decision 045).
    index('customers_retention_idx').on(sql.raw(CUSTOMER_LAST_ACTIVITY_SQL)).where(sql`${t.anonymizedAt} is null`),
  ],
);
