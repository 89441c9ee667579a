import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { organisations, restaurants } from './restaurants';
import type { Locale } from '../../../shared/rules/locales';

/** An automation's text in one language other than French (issue 52, decision 091): the owner's own translation. */
export type AutomationText = { subject: string; html: string };
/**
 * `subject` and `html` are the French text (the source, and what a diner reads without a translation in
 * their language, inside a layout in their language); `translations` the owner's texts in other languages.
 */
export type AutomationConfig = { subject: string; html: string; delay_minutes: number; translations?: Partial<Record<Locale, AutomationText>> };

export const automations = pgTable(
  'automations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
    config: jsonb('config').$type<AutomationConfig>().notNull(),
    /** The visual editor's project (GrapesJS JSON) behind the current HTML, when it was built there. */
    design: jsonb('design').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('automations_restaurant_key_uq').on(t.restaurantId, t.key),
    check('automations_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/** Every save of an automation's template (subject, HTML, editor design), restorable from 'Versions'. */
export const automationVersions = pgTable(
  'automation_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    automationId: uuid('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    design: jsonb('design').$type<Record<string, unknown>>(),
    /** 'html' (text area), 'visual' (editor), 'restore' (an earlier version brought back), 'initial'. */
    source: text('source', { enum: ['initial', 'html', 'visual', 'restore'] }).notNull(),
    authorUserId: text('author_user_id'),
    authorName: text('author_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('automation_versions_automation_idx').on(t.automationId, t.createdAt)],
);

export const EMAIL_LOG_STATUSES = ['sent', 'failed', 'skipped'] as const;

export const emailLogs = pgTable(
  'email_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    toDomain: text('to_domain').notNull(),
    templateName: text('template_name').notNull(),
    subject: text('subject').notNull(),
    status: text('status', { enum: EMAIL_LOG_STATUSES }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_logs_restaurant_idx').on(t.restaurantId, t.createdAt),
    // The last sends of one automation on /automations.
    index('email_logs_restaurant_template_idx').on(t.restaurantId, t.templateName, t.createdAt),
  ],
);

/** Outbox mode (no SMTP_URL): every mail lands here and is listed at /dev/mailbox. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toEmail: text('to_email').notNull(),
    fromEmail: text('from_email').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    sizeBytes: integer('size_bytes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_emails_created_idx').on(t.createdAt), index('outbox_emails_to_idx').on(t.toEmail)],
);

/**
 * One row per outgoing email, keyed by what makes it unique (restaurant, recipient, template,
 * triggering event), written BEFORE the SMTP call: a job that died mid-send and is retried finds
 * its row and does not send twice (docs/decisions/005-mail-delivery.md).
 */
export const emailDeliveries = pgTable('email_deliveries', {
  sendKey: text('send_key').primaryKey(),
  status: text('status', { enum: ['sending', 'sent', 'failed'] }).notNull(),
  attempts: integer('attempts').notNull().default(1),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/**
 * Diner emails counted per organisation and Paris calendar month (issue #30, decision 058): one row per
 * (organisation, 'YYYY-MM'), incremented by an upsert in the transaction that queues the emails (or, for
 * a send planned for later, in the job that decides to send it), so two instances never lose a count.
 * `warned_80_at` / `warned_100_at`: when the propriétaires were told, once each per month.
 */
export const organisationEmailUsage = pgTable(
  'organisation_email_usage',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The Paris calendar month, 'YYYY-MM'. */
    month: text('month').notNull(),
    dinerEmails: integer('diner_emails').notNull().default(0),
    warned80At: timestamp('warned_80_at', { withTimezone: true }),
    warned100At: timestamp('warned_100_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.month] })],
);
