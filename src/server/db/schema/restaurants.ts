import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

import { ROLES } from '../../../shared/rules/permissions';
import { COUNTRIES, LOCALES } from '../../../shared/rules/locales';
import { PLAN_IDS, PLAN_SOURCES, type LimitOverrides } from '../../../shared/rules/plans';
import { ORGANISATION_STATUSES, VENUE_STATUSES } from '../../../shared/rules/restaurant-status';

export {
  ORGANISATION_STATUSES,
  RESTAURANT_STATUSES,
  VENUE_STATUSES,
  type OrganisationStatus,
  type RestaurantStatus,
  type VenueStatus,
} from '../../../shared/rules/restaurant-status';

/**
 * The legal entity (decision 051): it holds venues (restaurants) and members. Migrated accounts got one
 * organisation per restaurant, with the restaurant's id. The platform's approval lives here (decision 055):
 * pending, approved, rejected or suspended, with who decided, when and why; a venue only keeps its own
 * suspension (restaurants.status).
 */
export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The SIREN (9 digits), when known (French organisations). */
    siren: text('siren'),
    /** Where the organisation is registered (shared/rules/locales.ts): its rules, currency and plan prices follow. */
    country: text('country', { enum: COUNTRIES }).notNull().default('FR'),
    /** The Companies House company number (8 characters), for a UK organisation that has one. */
    companyNumber: text('company_number'),
    status: text('status', { enum: ORGANISATION_STATUSES }).notNull().default('pending'),
    /** Internal notes written by platform administrators. */
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: text('approved_by').references(() => user.id, { onDelete: 'set null' }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectedBy: text('rejected_by').references(() => user.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedBy: text('suspended_by').references(() => user.id, { onDelete: 'set null' }),
    suspensionReason: text('suspension_reason'),
    /**
     * The plan set by the platform team (shared/rules/plans.ts), or null: then the trial (`trial_ends_at`)
     * or, once it is over, the read-only state (issue #30, decision 057).
     */
    plan: text('plan', { enum: PLAN_IDS }),
    /** The end of the 14-day trial a new organisation starts with. */
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** The platform team's overrides of the plan's limits (venues, members, diner emails a month; null: unlimited). */
    limitOverrides: jsonb('limit_overrides').$type<LimitOverrides>().notNull().default({}),
    /**
     * Who set `plan` (decision 092): 'contract' (the platform team, by contract: Stripe never overwrites it),
     * 'stripe' (it follows the organisation's Stripe subscription), or null (no plan).
     */
    planSource: text('plan_source', { enum: PLAN_SOURCES }),
  },
  (t) => [
    check('organisations_plan_check', sql`${t.plan} is null or ${t.plan} in (${sql.raw(PLAN_IDS.map((plan) => `'${plan}'`).join(', '))})`),
    check('organisations_plan_source_check', sql`${t.planSource} is null or ${t.planSource} in ('contract', 'stripe')`),
    index('organisations_siren_idx').on(t.siren),
    index('organisations_company_number_idx').on(t.companyNumber),
    check('organisations_country_check', sql`${t.country} in (${sql.raw(COUNTRIES.map((country) => `'${country}'`).join(', '))})`),
    check('organisations_status_check', sql`${t.status} in (${sql.raw(ORGANISATION_STATUSES.map((status) => `'${status}'`).join(', '))})`),
    index('organisations_status_created_idx').on(t.status, t.createdAt),
    index('organisations_created_idx').on(t.createdAt),
  ],
);

/** A venue of an organisation (its SIRET, QR codes, customers, loyalty, automations). */
export const restaurants = pgTable(
  'restaurants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contactEmail: text('contact_email').notNull(),
    businessEmail: text('business_email'),
    legalName: text('legal_name'),
    /** SIREN (9 digits) from sign-up, or a full SIRET (14 digits). */
    siret: text('siret'),
    phone: text('phone'),
    /** Postal address, as the owner writes it on /parametres. */
    address: text('address'),
    website: text('website'),
    logoUrl: text('logo_url'),
    /** The brand colour (#rrggbb) shown on diner pages, table cards and emails under white label (decision 058). */
    brandColor: text('brand_color'),
    /** The owner's first name, used to greet them in emails (the spec's notes.first_name). */
    ownerFirstName: text('owner_first_name'),
    /**
     * The venue's own state (decision 055): 'suspended' when the platform team suspended this venue alone.
     * Whether it is open also depends on its organisation (core/venue-state.ts).
     */
    status: text('status', { enum: VENUE_STATUSES }).notNull().default('approved'),
    emailVerified: boolean('email_verified').notNull().default(false),
    googleReviewUrl: text('google_review_url'),
    googleReviewUrlValidatedAt: timestamp('google_reviews_url_validated_at', { withTimezone: true }),
    /** Offer the public review link after every rating, not only 4–5 stars (Google's policy against review gating). */
    reviewPromptAllRatings: boolean('review_prompt_all_ratings').notNull().default(false),
    /**
     * Sending hours of the emails planned for later (day-3 nudge, day-30 'we miss you'): whole hours,
     * Paris time, from `sending_hour_start`:00 to `sending_hour_end`:00 excluded (decision 025).
     */
    sendingHourStart: smallint('sending_hour_start').notNull().default(10),
    sendingHourEnd: smallint('sending_hour_end').notNull().default(19),
    /** The low-rating alerts' grouping window in minutes, 5, 15 or 30 (issue 48, decision 036): beside the alert address on /parametres. */
    alertWindowMinutes: smallint('alert_window_minutes').notNull().default(15),
    /** The languages the diner pages offer (issue 52, decision 091; /parametres): all five by default, French always among them. */
    dinerLanguages: text('diner_languages').array().notNull().default(sql`'{fr,en,de,es,it}'::text[]`),
    /** The languages of the printed table cards' call to rate: one or two of the offered ones, in order. */
    cardLanguages: text('card_languages').array().notNull().default(sql`'{fr,en}'::text[]`),
    /**
     * The owner's to-do list (dashboard): when the owner first printed or downloaded QR codes, created or
     * edited a reward, opened the automations. Set by their own actions only, never by setup defaults.
     */
    todoQrCodesAt: timestamp('todo_qr_codes_at', { withTimezone: true }),
    todoRewardsAt: timestamp('todo_rewards_at', { withTimezone: true }),
    todoAutomationsAt: timestamp('todo_automations_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedBy: text('suspended_by').references(() => user.id, { onDelete: 'set null' }),
    suspensionReason: text('suspension_reason'),
  },
  (t) => [
    check('restaurants_status_check', sql`${t.status} in (${sql.raw(VENUE_STATUSES.map((status) => `'${status}'`).join(', '))})`),
    check('restaurants_alert_window_check', sql`${t.alertWindowMinutes} in (5, 15, 30)`),
    check('restaurants_diner_languages_check', sql`${t.dinerLanguages} <@ array[${sql.raw(LOCALES.map((locale) => `'${locale}'`).join(', '))}]::text[] and 'fr' = any(${t.dinerLanguages})`),
    check('restaurants_card_languages_check', sql`${t.cardLanguages} <@ ${t.dinerLanguages} and cardinality(${t.cardLanguages}) between 1 and 2`),
    check('restaurants_sending_hours_check', sql`${t.sendingHourStart} >= 0 and ${t.sendingHourEnd} <= 24 and ${t.sendingHourStart} < ${t.sendingHourEnd}`),
    index('restaurants_status_created_idx').on(t.status, t.createdAt),
    index('restaurants_created_idx').on(t.createdAt),
    index('restaurants_organisation_idx').on(t.organisationId),
  ],
);

/**
 * The users of an organisation and their role (shared/rules/permissions.ts). `all_venues`: every venue
 * of the organisation, future ones included; otherwise the venues listed in member_venues.
 */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    allVenues: boolean('all_venues').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId] }),
    index('organisation_members_user_idx').on(t.userId),
    check('organisation_members_role_check', sql`${t.role} in (${sql.raw(ROLES.map((role) => `'${role}'`).join(', '))})`),
  ],
);

/** The venues of a member whose `all_venues` is false. */
export const memberVenues = pgTable(
  'member_venues',
  {
    organisationId: uuid('organisation_id').notNull(),
    userId: text('user_id').notNull(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId, t.restaurantId] }),
    foreignKey({ columns: [t.organisationId, t.userId], foreignColumns: [organisationMembers.organisationId, organisationMembers.userId], name: 'member_venues_member_fk' }).onDelete('cascade'),
    index('member_venues_restaurant_idx').on(t.restaurantId),
  ],
);

/**
 * An invitation to join an organisation (decision 053): the role and venues the inviter chose, for one
 * lower-cased address. Only the SHA-256 of its token is stored (the raw token is in the email link only).
 * Single use (`accepted_at`), seven days (`expires_at`), revocable (`revoked_at`); a resend revokes the row
 * and writes a new one, so every sent invitation is one row (the daily limit counts them).
 */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    allVenues: boolean('all_venues').notNull(),
    /** The venues chosen when `all_venues` is false (a venue deleted since is dropped at acceptance). */
    venueIds: uuid('venue_ids').array().notNull().default(sql`'{}'::uuid[]`),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('organisation_invitations_token_hash_idx').on(t.tokenHash),
    // One open invitation per address in an organisation (an expired one is revoked before a new one).
    uniqueIndex('organisation_invitations_open_email_idx').on(t.organisationId, t.email).where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('organisation_invitations_organisation_created_idx').on(t.organisationId, t.createdAt),
    check('organisation_invitations_role_check', sql`${t.role} in (${sql.raw(ROLES.map((role) => `'${role}'`).join(', '))})`),
    check('organisation_invitations_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

/** 'plan': the platform team set the plan, trial end or limits (decision 057; `reason` holds before → after). */
export const AUDIT_ACTIONS = ['approve', 'reject', 'suspend', 'reactivate', 'plan'] as const;

export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminUserId: text('admin_user_id').references(() => user.id, { onDelete: 'set null' }),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** The organisation acted on (its approval), or the venue's organisation when a venue alone was acted on. */
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The venue acted on alone (its own suspension), null for a decision on the organisation. */
    restaurantId: uuid('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('admin_audit_log_action_check', sql`${t.action} in ('approve', 'reject', 'suspend', 'reactivate', 'plan')`),
    index('admin_audit_log_restaurant_idx').on(t.restaurantId, t.createdAt),
    index('admin_audit_log_organisation_idx').on(t.organisationId, t.createdAt),
  ],
);


/**
 * What owners and staff did to their restaurant's data that matters for data rights (GDPR export and
 * erasure, reward hand-over): who, what, on which customer, when.
 */
export const restaurantAuditLog = pgTable(
  'restaurant_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    /** The row acted on (a customer id for export and erasure). */
    subjectId: uuid('subject_id'),
    /** What changed, for settings changes: `{ changes: { field: { from, to } } }`. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('restaurant_audit_log_restaurant_idx').on(t.restaurantId, t.createdAt)],
);
