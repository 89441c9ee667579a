import { and, asc, desc, eq, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { enqueueEmail, newTestEventId } from '../../email/email-queue';
import { sendEmailJob } from '../../email/email.jobs';
import { waitForJobOutcome } from '../../jobs/queue';
import { DINER_TEMPLATES, isAutomationTemplate, MARKETING_TEMPLATES } from '../../email/catalogue';
import { renderAutomationEmail, renderAutomationSubject, unsubscribeFooter } from '../../email/render';
import { sampleEmailData } from '../../email/sample-data';
import { sanitizeDesign, sanitizeEmailHtml } from '../../email/sanitize';
import { automations, automationVersions, emailLogs, restaurants } from '../../db/schema';
import { AppError } from '../../lib/http/errors';
import { clock } from '../../lib/runtime/clock';
import { checkHtmlContent, checkImageOrigins, checkSubjectContent, MAX_EMAIL_BYTES, utf8Bytes } from '../../../shared/rules/email-content';
import {
  AUTOMATION_MESSAGES,
  type TAutomation,
  type TAutomationEditorResponse,
  type TAutomationPreview,
  type TAutomationsResponse,
  type TAutomationTemplateRequest,
  type TAutomationTranslationRequest,
  TRANSLATION_LOCALES,
  type TranslationLocale,
  type TAutomationTestResponse,
  type TAutomationVersion,
  type TEmailLogEntry,
  type TSendingHours,
  type TSendingHoursResponse,
} from '../../../shared/schemas/automations';
import { DEFAULT_AUTOMATIONS, insertDefaultAutomations } from '../../email/default-automations';
import type { Locale } from '../../../shared/rules/locales';

/** Order of the list: as spec §7 (created_at ascending), the defaults in their catalogue order. */
const DEFAULT_ORDER = new Map(DEFAULT_AUTOMATIONS.map((automation, index) => [automation.key, index]));
/** Sends shown per automation on /automations. */
const LAST_SENDS_SHOWN = 5;
/** Versions kept per automation (the newest, the current one included); older ones are pruned at each save. */
export const MAX_VERSIONS_PER_AUTOMATION = 50;
const VERSIONS_SHOWN = MAX_VERSIONS_PER_AUTOMATION;

type AutomationRow = typeof automations.$inferSelect;
export type VersionAuthor = { userId: string; name: string | null };

/** What an automation is shown with: the restaurant's name (its subject preview) and the languages its diner pages offer. */
type AutomationOwner = { name: string; dinerLanguages: readonly string[] };

/** The owner's translations of a diner email, and which offered languages it lacks (the restaurant's own emails stay French). */
function translationsOf(row: AutomationRow, owner: AutomationOwner): Pick<TAutomation, 'translations' | 'missingLanguages' | 'translatable'> {
  const translatable = DINER_TEMPLATES.has(row.key);
  const translations: TAutomation['translations'] = {};
  for (const lang of TRANSLATION_LOCALES) {
    const text = row.config.translations?.[lang];
    if (text) translations[lang] = { subject: text.subject, html: text.html };
  }
  const missingLanguages = translatable ? TRANSLATION_LOCALES.filter((lang) => owner.dinerLanguages.includes(lang) && !translations[lang]) : [];
  return { translations, missingLanguages, translatable };
}

function toAutomation(row: AutomationRow, owner: AutomationOwner, lastSends: TEmailLogEntry[] = []): TAutomation {
  const restaurantName = owner.name;
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    status: row.status,
    subject: row.config.subject,
    subjectPreview: renderAutomationSubject(row.config.subject, sampleEmailData(row.key, { id: row.restaurantId, name: restaurantName, reviewUrl: null }, '')),
    html: row.config.html,
    delayMinutes: row.config.delay_minutes,
    hasDesign: row.design !== null,
    lastSends,
    ...translationsOf(row, owner),
  };
}

/** The last sends of each automation key: one small query per key, each served by the (restaurant, template, time) index. */
async function readLastSends(db: Db, restaurantId: string, keys: string[]): Promise<Map<string, TEmailLogEntry[]>> {
  const perKey = await Promise.all(
    keys.map((key) =>
      db
        .select({ id: emailLogs.id, toEmail: emailLogs.toEmail, subject: emailLogs.subject, status: emailLogs.status, reason: emailLogs.error, createdAt: emailLogs.createdAt })
        .from(emailLogs)
        .where(and(eq(emailLogs.restaurantId, restaurantId), eq(emailLogs.templateName, key)))
        .orderBy(desc(emailLogs.createdAt))
        .limit(LAST_SENDS_SHOWN),
    ),
  );
  return new Map(keys.map((key, index) => [key, perKey[index].map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))]));
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
  const [[restaurant], lastSends] = await Promise.all([
    db.select({ contactEmail: restaurants.contactEmail, name: restaurants.name, dinerLanguages: restaurants.dinerLanguages }).from(restaurants).where(eq(restaurants.id, restaurantId)),
    readLastSends(db, restaurantId, rows.map((row) => row.key)),
  ]);
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (DEFAULT_ORDER.get(a.key) ?? 99) - (DEFAULT_ORDER.get(b.key) ?? 99));
  const owner = { name: restaurant?.name ?? '', dinerLanguages: restaurant?.dinerLanguages ?? [] };
  return { automations: rows.map((row) => toAutomation(row, owner, lastSends.get(row.key))), initialised, contactEmail: restaurant?.contactEmail ?? '' };
}

async function findAutomation(db: Db, restaurantId: string, id: string): Promise<AutomationRow> {
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
  return toAutomation(row, await automationOwnerOf(db, restaurantId));
}

/** The restaurant's name, which automation subjects are shown with, and its diner pages' languages. */
async function automationOwnerOf(db: Db, restaurantId: string): Promise<AutomationOwner> {
  const [row] = await db.select({ name: restaurants.name, dinerLanguages: restaurants.dinerLanguages }).from(restaurants).where(eq(restaurants.id, restaurantId));
  return { name: row?.name ?? '', dinerLanguages: row?.dinerLanguages ?? [] };
}

/** What the saves need besides the database: the app's address (images it hosts may be http in development). */
export type TemplateSaveContext = { db: Db; publicUrl: string };

/**
 * The save-time checks (issue 28) on the template as written, whatever its source (text area, visual
 * editor, restore): the shared ones the form also runs, then the image origins against the app's address.
 */
function assertSavableTemplate(subject: string, html: string, publicUrl: string): void {
  for (const check of [checkSubjectContent(subject), checkHtmlContent(html), checkImageOrigins(html, new URL(publicUrl).origin)]) {
    if (!check.ok) throw new AppError('BAD_REQUEST', check.message);
  }
}

/** The sample data and frame of a restaurant's email as the preview, the editor's canvas and the size check use them. */
async function readSampleFrame(db: Db, restaurantId: string, key: string, publicUrl: string, locale: Locale = 'fr') {
  const [restaurant] = await db
    .select({ name: restaurants.name, logoUrl: restaurants.logoUrl, googleReviewUrl: restaurants.googleReviewUrl })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  const name = restaurant?.name ?? '';
  const data = sampleEmailData(key, { id: restaurantId, name, reviewUrl: restaurant?.googleReviewUrl ?? null }, publicUrl, locale);
  // The same frame as the sent email; a diner's email shows its unsubscribe line (inactive link), in the language shown.
  const footerHtml = DINER_TEMPLATES.has(key) ? unsubscribeFooter('#', name, { marketing: MARKETING_TEMPLATES.has(key), locale }) : '';
  return { data, frame: { restaurantName: name, logoUrl: restaurant?.logoUrl ?? null, footerHtml, locale } };
}

/**
 * Writes a new template and keeps it as a version, in one transaction under the automation's row
 * lock. The first save also keeps what was there before (the default text) so it can be restored.
 */
async function writeTemplateVersion(
  { db, publicUrl }: TemplateSaveContext,
  restaurantId: string,
  id: string,
  next: { subject: string; html: string; design: Record<string, unknown> | null },
  source: 'html' | 'visual' | 'restore',
  author: VersionAuthor,
): Promise<TAutomation> {
  assertSavableTemplate(next.subject, next.html, publicUrl);
  // Whatever the source (text area, visual editor, a version restored from before the allowlist), only
  // allowlisted email HTML is stored (decision 028); parsed before the row lock is taken.
  const html = sanitizeEmailHtml(next.html);
  const design = next.design ? sanitizeDesign(next.design) : null;
  if (!html.trim()) throw new AppError('BAD_REQUEST', AUTOMATION_MESSAGES.emptyAfterSanitising);
  // The email as sent (frame, footer, sample values) stays under Gmail's clipping.
  const owner = await findAutomation(db, restaurantId, id);
  const sample = await readSampleFrame(db, restaurantId, owner.key, publicUrl);
  const rendered = renderAutomationEmail({ subject: next.subject, html }, sample.data, sample.frame);
  if (utf8Bytes(rendered.html) > MAX_EMAIL_BYTES) throw new AppError('BAD_REQUEST', AUTOMATION_MESSAGES.htmlTooLarge);
  return db.transaction(async (tx) => {
    const current = await lockAutomation(tx, restaurantId, id);
    const [anyVersion] = await tx.select({ id: automationVersions.id }).from(automationVersions).where(eq(automationVersions.automationId, id)).limit(1);
    const now = clock.now();
    if (!anyVersion) {
      await tx.insert(automationVersions).values({
        automationId: id,
        restaurantId,
        subject: current.config.subject,
        html: current.config.html,
        design: current.design,
        source: 'initial',
        createdAt: current.createdAt,
      });
    }
    const [row] = await tx
      .update(automations)
      .set({ config: { ...current.config, subject: next.subject, html }, design })
      .where(eq(automations.id, id))
      .returning();
    const [saved] = await tx
      .insert(automationVersions)
      .values({
        automationId: id,
        restaurantId,
        subject: next.subject,
        html,
        design,
        source,
        authorUserId: author.userId,
        authorName: author.name,
        createdAt: now,
      })
      .returning({ id: automationVersions.id });
    // At most MAX_VERSIONS_PER_AUTOMATION: the version just written (the current one) and the newest
    // others stay, the oldest go, in this transaction.
    const kept = tx
      .select({ id: automationVersions.id })
      .from(automationVersions)
      .where(and(eq(automationVersions.automationId, id), ne(automationVersions.id, saved.id)))
      .orderBy(desc(automationVersions.createdAt), desc(automationVersions.id))
      .limit(MAX_VERSIONS_PER_AUTOMATION - 1);
    await tx
      .delete(automationVersions)
      .where(and(eq(automationVersions.automationId, id), ne(automationVersions.id, saved.id), notInArray(automationVersions.id, kept)));
    return toAutomation(row, await automationOwnerOf(tx, restaurantId));
  });
}

/** Saves the subject and HTML (and the editor's design) after checking both use only the allowlisted {{variables}}. */
export async function updateAutomationTemplate(context: TemplateSaveContext, restaurantId: string, id: string, input: TAutomationTemplateRequest, author: VersionAuthor): Promise<TAutomation> {
  const design = input.design ?? null;
  return writeTemplateVersion(context, restaurantId, id, { subject: input.subject, html: input.html, design }, design ? 'visual' : 'html', author);
}

/**
 * Saves the owner's text of a diner email in one language besides French (issue 52): the same checks as
 * the French save (subject and HTML content, variables, image origins, the allowlist, the size once laid
 * out in that language), under the automation's row lock. Not versioned: 'Versions' keeps the French text.
 */
export async function saveAutomationTranslation(
  { db, publicUrl }: TemplateSaveContext,
  restaurantId: string,
  id: string,
  lang: TranslationLocale,
  input: TAutomationTranslationRequest,
): Promise<TAutomation> {
  assertSavableTemplate(input.subject, input.html, publicUrl);
  const html = sanitizeEmailHtml(input.html);
  if (!html.trim()) throw new AppError('BAD_REQUEST', AUTOMATION_MESSAGES.emptyAfterSanitising);
  const owner = await findAutomation(db, restaurantId, id);
  if (!DINER_TEMPLATES.has(owner.key)) throw new AppError('BAD_REQUEST', AUTOMATION_MESSAGES.translationOwnerOnly);
  const sample = await readSampleFrame(db, restaurantId, owner.key, publicUrl, lang);
  const rendered = renderAutomationEmail({ subject: input.subject, html }, sample.data, sample.frame);
  if (utf8Bytes(rendered.html) > MAX_EMAIL_BYTES) throw new AppError('BAD_REQUEST', AUTOMATION_MESSAGES.htmlTooLarge);
  return writeTranslations(db, restaurantId, id, (translations) => ({ ...translations, [lang]: { subject: input.subject, html } }));
}

/** Removes the owner's text in `lang`: diners reading it get the French text again (in their language's layout). */
export async function deleteAutomationTranslation(db: Db, restaurantId: string, id: string, lang: TranslationLocale): Promise<TAutomation> {
  return writeTranslations(db, restaurantId, id, (translations) => {
    const { [lang]: _removed, ...rest } = translations;
    return rest;
  });
}

async function writeTranslations(
  db: Db,
  restaurantId: string,
  id: string,
  change: (translations: NonNullable<AutomationRow['config']['translations']>) => NonNullable<AutomationRow['config']['translations']>,
): Promise<TAutomation> {
  return db.transaction(async (tx) => {
    const current = await lockAutomation(tx, restaurantId, id);
    const [row] = await tx
      .update(automations)
      .set({ config: { ...current.config, translations: change(current.config.translations ?? {}) } })
      .where(eq(automations.id, id))
      .returning();
    return toAutomation(row, await automationOwnerOf(tx, restaurantId));
  });
}

/** 'Versions': every save of this automation, newest first. */
export async function listAutomationVersions(db: Db, restaurantId: string, id: string): Promise<TAutomationVersion[]> {
  await findAutomation(db, restaurantId, id);
  const rows = await db
    .select()
    .from(automationVersions)
    .where(and(eq(automationVersions.automationId, id), eq(automationVersions.restaurantId, restaurantId)))
    .orderBy(desc(automationVersions.createdAt), desc(automationVersions.id))
    .limit(VERSIONS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    html: row.html,
    source: row.source,
    hasDesign: row.design !== null,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Brings an earlier version back; the restore is itself a new version (nothing is lost). */
export async function restoreAutomationVersion(context: TemplateSaveContext, restaurantId: string, id: string, versionId: string, author: VersionAuthor): Promise<TAutomation> {
  const { db } = context;
  const [version] = await db
    .select()
    .from(automationVersions)
    .where(and(eq(automationVersions.id, versionId), eq(automationVersions.automationId, id), eq(automationVersions.restaurantId, restaurantId)));
  if (!version) throw new AppError('NOT_FOUND', AUTOMATION_MESSAGES.versionNotFound);
  return writeTemplateVersion(context, restaurantId, id, { subject: version.subject, html: version.html, design: version.design }, 'restore', author);
}

/** The visual editor's view of one automation: its template and the design it was built from. */
export async function getAutomationForEditor(db: Db, restaurantId: string, key: string, publicUrl: string): Promise<TAutomationEditorResponse> {
  await listAutomations(db, restaurantId); // creates the defaults for a restaurant that has none yet
  const [row] = await db.select().from(automations).where(and(eq(automations.restaurantId, restaurantId), eq(automations.key, key)));
  if (!row) throw new AppError('NOT_FOUND', AUTOMATION_MESSAGES.notFound);
  // The canvas shows the template inside the email diners get: the same rendering, around a marker.
  const { data, frame } = await readSampleFrame(db, restaurantId, row.key, publicUrl);
  const framed = renderAutomationEmail({ subject: row.config.subject, html: `<div id="${EDITOR_CONTENT_MARKER_ID}"></div>` }, data, frame);
  return { restaurantId, automation: toAutomation(row, await automationOwnerOf(db, restaurantId)), design: row.design, frame: { html: framed.html, markerId: EDITOR_CONTENT_MARKER_ID, restaurantName: frame.restaurantName } };
}

/**
 * The automation as a diner gets it (the same data as a test send): the sample diner, the rating that
 * fits the template, the restaurant's own name, logo and review link, links made from PUBLIC_URL.
 */
export async function previewAutomation(db: Db, restaurantId: string, id: string, publicUrl: string, lang?: TranslationLocale): Promise<TAutomationPreview> {
  const row = await findAutomation(db, restaurantId, id);
  // In a language: the owner's text in it, else the French text, inside that language's layout (as sent).
  const locale: Locale = lang && DINER_TEMPLATES.has(row.key) ? lang : 'fr';
  const translated = locale === 'fr' ? undefined : row.config.translations?.[locale];
  const { data, frame } = await readSampleFrame(db, restaurantId, row.key, publicUrl, translated ? locale : 'fr');
  return renderAutomationEmail(translated ?? row.config, data, { ...frame, ...(locale === 'fr' ? {} : relocalisedFrame(frame.restaurantName, row.key, locale)) });
}

/** The footer and language of a preview's frame in `locale` (its text may still be the French one). */
function relocalisedFrame(restaurantName: string, key: string, locale: Locale) {
  return { footerHtml: unsubscribeFooter('#', restaurantName, { marketing: MARKETING_TEMPLATES.has(key), locale }), locale };
}

/**
 * The editor's preview: the subject and HTML being edited (not yet saved), rendered as a diner gets
 * them: sanitised, with sample data, in the real frame.
 */
export async function previewDraft(db: Db, restaurantId: string, id: string, draft: { subject: string; html: string }, publicUrl: string): Promise<TAutomationPreview> {
  const row = await findAutomation(db, restaurantId, id);
  const { data, frame } = await readSampleFrame(db, restaurantId, row.key, publicUrl);
  return renderAutomationEmail(draft, data, frame);
}

/** The element the editor's canvas puts the template in: it replaces it in the rendered frame. */
export const EDITOR_CONTENT_MARKER_ID = 'refeed-editor-content';

/** How long a test send waits for the mail server's answer before telling the owner. */
const TEST_SEND_WAIT_MS = 20_000;

/**
 * email-test-send: the automation rendered with the fixed sample data (never text from the request)
 * and sent through the same job as every email (marked [Test], no consent check, no retry, the
 * unsubscribe footer diners get), waiting for the mail server's answer so the owner sees it succeed
 * or fail with the server's message. Only to the restaurant's contact address or the signed-in
 * member's own: a test send is not a way to mail strangers under the restaurant's name.
 */
export async function sendAutomationTest(
  deps: Pick<AppDeps, 'db' | 'boss'>,
  restaurantId: string,
  id: string,
  to: string,
  memberEmail: string,
  lang?: TranslationLocale,
): Promise<TAutomationTestResponse> {
  const automation = await findAutomation(deps.db, restaurantId, id);
  if (!isAutomationTemplate(automation.key)) throw new AppError('BAD_REQUEST', AUTOMATION_MESSAGES.notFound);
  const [restaurant] = await deps.db.select({ contactEmail: restaurants.contactEmail }).from(restaurants).where(eq(restaurants.id, restaurantId));
  const allowed = new Set([restaurant?.contactEmail, memberEmail].filter(Boolean).map((address) => address!.trim().toLowerCase()));
  if (!allowed.has(to.trim().toLowerCase())) throw new AppError('BAD_REQUEST', AUTOMATION_MESSAGES.testRecipientRefused);
  const jobId = await enqueueEmail(
    deps.boss,
    { template: automation.key, restaurantId, customerId: null, to, eventId: newTestEventId(), data: lang ? { lang } : {}, test: true },
    { retryLimit: 0 },
  );
  const outcome = jobId ? await waitForJobOutcome(deps.boss, sendEmailJob.name, jobId, TEST_SEND_WAIT_MS) : null;
  if (outcome?.state === 'completed') return { message: AUTOMATION_MESSAGES.testSent };
  if (outcome?.state === 'failed') throw new AppError('BAD_GATEWAY', outcome.message);
  throw new AppError('BAD_GATEWAY', 'Le serveur d’email n’a pas répondu à temps. Le test partira dès que possible.');
}

/** The restaurant's sending hours for later emails (decision 025). */
export async function getSendingHours(db: Db, restaurantId: string): Promise<TSendingHoursResponse> {
  const [row] = await db
    .select({ start: restaurants.sendingHourStart, end: restaurants.sendingHourEnd })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!row) throw new AppError('NOT_FOUND', AUTOMATION_MESSAGES.notReady);
  return { sendingHours: row };
}

/** Saves the sending hours (checked by ZSendingHours); emails already planned keep their date, the next ones follow the new hours. */
export async function setSendingHours(db: Db, restaurantId: string, hours: TSendingHours): Promise<TSendingHoursResponse> {
  const [row] = await db
    .update(restaurants)
    .set({ sendingHourStart: hours.start, sendingHourEnd: hours.end })
    .where(eq(restaurants.id, restaurantId))
    .returning({ start: restaurants.sendingHourStart, end: restaurants.sendingHourEnd });
  if (!row) throw new AppError('NOT_FOUND', AUTOMATION_MESSAGES.notReady);
  return { sendingHours: row, message: AUTOMATION_MESSAGES.sendingHoursSaved };
}

/** The restaurant's automation `id`, its row locked for the rest of the transaction; NOT_FOUND when it is not the restaurant's. */
async function lockAutomation(tx: Db, restaurantId: string, id: string): Promise<AutomationRow> {
  const [current] = await tx
    .select()
    .from(automations)
    .where(and(eq(automations.id, id), eq(automations.restaurantId, restaurantId)))
    .for('update');
  if (!current) throw new AppError('NOT_FOUND', AUTOMATION_MESSAGES.notFound);
  return current;
}
