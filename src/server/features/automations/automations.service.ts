import { and, asc, eq } from 'drizzle-orm';
import { convert } from 'html-to-text';
import type { Db } from '../../db/client';
import { automations, restaurants } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { checkTemplate, renderSubject, renderTemplate, SAMPLE_TEMPLATE_DATA } from '../../../shared/rules/email-template';
import { AUTOMATION_MESSAGES, type TAutomation, type TAutomationPreview, type TAutomationsResponse, type TAutomationTemplateRequest } from '../../../shared/schemas/automations';
import { DEFAULT_AUTOMATIONS, insertDefaultAutomations } from './default-automations';

/** Order of the list: as spec §7 (created_at ascending), the defaults in their catalogue order. */
const DEFAULT_ORDER = new Map(DEFAULT_AUTOMATIONS.map((automation, index) => [automation.key, index]));

function toAutomation(row: typeof automations.$inferSelect): TAutomation {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    status: row.status,
    subject: row.config.subject,
    html: row.config.html,
    delayMinutes: row.config.delay_minutes,
  };
}

/** /automations: the restaurant's automations; a restaurant without any gets the five defaults, active (spec §4). */
export async function listAutomations(db: Db, restaurantId: string): Promise<TAutomationsResponse> {
  const read = () => db.select().from(automations).where(eq(automations.restaurantId, restaurantId)).orderBy(asc(automations.createdAt));
  let rows = await read();
  let initialised = false;
  if (rows.length === 0) {
    await insertDefaultAutomations(db, restaurantId);
    rows = await read();
    initialised = true;
  }
  const [restaurant] = await db.select({ contactEmail: restaurants.contactEmail }).from(restaurants).where(eq(restaurants.id, restaurantId));
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (DEFAULT_ORDER.get(a.key) ?? 99) - (DEFAULT_ORDER.get(b.key) ?? 99));
  return { automations: rows.map(toAutomation), initialised, contactEmail: restaurant?.contactEmail ?? '' };
}

async function findAutomation(db: Db, restaurantId: string, id: string) {
  const [row] = await db.select().from(automations).where(and(eq(automations.id, id), eq(automations.restaurantId, restaurantId)));
  if (!row) throw new AppError('NOT_FOUND', AUTOMATION_MESSAGES.notFound);
  return row;
}

export async function setAutomationStatus(db: Db, restaurantId: string, id: string, status: 'active' | 'inactive'): Promise<TAutomation> {
  const [row] = await db
    .update(automations)
    .set({ status })
    .where(and(eq(automations.id, id), eq(automations.restaurantId, restaurantId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', AUTOMATION_MESSAGES.notFound);
  return toAutomation(row);
}

/** Saves the subject and HTML after checking both use only the allowlisted {{variables}}. */
export async function updateAutomationTemplate(db: Db, restaurantId: string, id: string, input: TAutomationTemplateRequest): Promise<TAutomation> {
  for (const part of [input.subject, input.html]) {
    const check = checkTemplate(part);
    if (!check.ok) throw new AppError('BAD_REQUEST', check.message);
  }
  const current = await findAutomation(db, restaurantId, id);
  const [row] = await db
    .update(automations)
    .set({ config: { ...current.config, subject: input.subject, html: input.html } })
    .where(and(eq(automations.id, id), eq(automations.restaurantId, restaurantId)))
    .returning();
  return toAutomation(row);
}

/** The automation rendered with sample data and the restaurant's own name and review link. */
export async function previewAutomation(db: Db, restaurantId: string, id: string): Promise<TAutomationPreview> {
  const row = await findAutomation(db, restaurantId, id);
  const [restaurant] = await db.select({ name: restaurants.name, googleReviewUrl: restaurants.googleReviewUrl }).from(restaurants).where(eq(restaurants.id, restaurantId));
  const data = { ...SAMPLE_TEMPLATE_DATA, restaurant_name: restaurant?.name ?? '', google_url: restaurant?.googleReviewUrl ?? SAMPLE_TEMPLATE_DATA.google_url };
  const html = renderTemplate(row.config.html, data);
  return { subject: renderSubject(row.config.subject, data), html, text: convert(html, { wordwrap: 78 }) };
}
