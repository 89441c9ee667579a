import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations, restaurants } from '../../db/schema';
import { storeImage } from '../../core/images';
import { readOrganisationPlan } from '../../core/plan';
import { recordRestaurantAudit } from '../../core/restaurant-audit';
import { AppError } from '../../lib/http/errors';
import type { FileStorage } from '../../storage/storage';
import { phoneRuleOf, SETTINGS_MESSAGES, type TLanguageSettingsRequest, type TSettings, type TSettingsRequest } from '../../../shared/schemas/settings';
import { isLocale, LOCALES, type Country } from '../../../shared/rules/locales';

type Actor = { restaurantId: string; userId: string };

const RESTAURANT_NOT_FOUND = SETTINGS_MESSAGES.restaurantNotFound;

const SETTINGS_COLUMNS = {
  name: restaurants.name,
  address: restaurants.address,
  contactEmail: restaurants.contactEmail,
  phone: restaurants.phone,
  logoUrl: restaurants.logoUrl,
  brandColor: restaurants.brandColor,
  organisationId: restaurants.organisationId,
  sendingHourStart: restaurants.sendingHourStart,
  sendingHourEnd: restaurants.sendingHourEnd,
  alertWindowMinutes: restaurants.alertWindowMinutes,
  dinerLanguages: restaurants.dinerLanguages,
  cardLanguages: restaurants.cardLanguages,
};

type SettingsRow = {
  name: string;
  address: string | null;
  contactEmail: string;
  phone: string | null;
  logoUrl: string | null;
  brandColor: string | null;
  organisationId: string;
  sendingHourStart: number;
  sendingHourEnd: number;
  alertWindowMinutes: number;
  dinerLanguages: string[];
  cardLanguages: string[];
};

async function countryOf(db: Db, organisationId: string): Promise<Country> {
  const [organisation] = await db.select({ country: organisations.country }).from(organisations).where(eq(organisations.id, organisationId));
  return organisation?.country ?? 'FR';
}

async function toSettings(db: Db, row: SettingsRow): Promise<TSettings> {
  const plan = await readOrganisationPlan(db, row.organisationId);
  return {
    country: await countryOf(db, row.organisationId),
    name: row.name,
    address: row.address ?? '',
    contactEmail: row.contactEmail,
    phone: row.phone ?? '',
    logoUrl: row.logoUrl,
    brandColor: row.brandColor,
    whiteLabel: plan?.features.whiteLabel === true && plan.state !== 'expired',
    sendingHours: { start: row.sendingHourStart, end: row.sendingHourEnd },
    alertWindowMinutes: row.alertWindowMinutes,
    // In LOCALES order whatever order they were saved in; the cards' in their own order.
    dinerLanguages: LOCALES.filter((lang) => row.dinerLanguages.includes(lang)),
    cardLanguages: row.cardLanguages.filter(isLocale),
  };
}

/** GET /api/settings */
export async function getSettings(db: Db, restaurantId: string): Promise<TSettings> {
  const [row] = await db.select(SETTINGS_COLUMNS).from(restaurants).where(eq(restaurants.id, restaurantId));
  if (!row) throw new AppError('NOT_FOUND', RESTAURANT_NOT_FOUND);
  return toSettings(db, row);
}

/**
 * PUT /api/settings: name, address, contact email (it receives the alerts and the digest), phone. Every
 * field that changed is written in the restaurant's audit with its old and new value, in the same
 * transaction.
 */
export async function updateSettings(db: Db, actor: Actor, input: TSettingsRequest): Promise<TSettings> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select(SETTINGS_COLUMNS).from(restaurants).where(eq(restaurants.id, actor.restaurantId)).for('update');
    if (!current) throw new AppError('NOT_FOUND', RESTAURANT_NOT_FOUND);
    // The phone as the organisation's country numbers it (issue #53): a UK venue has a UK number.
    const phoneRule = phoneRuleOf(await countryOf(tx, current.organisationId));
    if (input.phone !== '' && !phoneRule.isValid(input.phone)) throw new AppError('BAD_REQUEST', phoneRule.message);
    const next = {
      name: input.name,
      address: input.address || null,
      contactEmail: input.contactEmail,
      phone: input.phone || null,
      // Absent: unchanged (a client that does not know the field).
      brandColor: input.brandColor === undefined ? current.brandColor : input.brandColor || null,
      alertWindowMinutes: input.alertWindowMinutes ?? current.alertWindowMinutes,
    };
    const changes: Record<string, { from: string | number | null; to: string | number | null }> = {};
    for (const field of ['name', 'address', 'contactEmail', 'phone', 'brandColor', 'alertWindowMinutes'] as const) {
      if ((current[field] ?? null) !== next[field]) changes[field] = { from: current[field] ?? null, to: next[field] };
    }
    if (Object.keys(changes).length === 0) return toSettings(tx, current);
    const [updated] = await tx.update(restaurants).set(next).where(eq(restaurants.id, actor.restaurantId)).returning(SETTINGS_COLUMNS);
    await recordRestaurantAudit(tx, { restaurantId: actor.restaurantId, actorUserId: actor.userId, action: 'settings_updated', details: { changes } });
    return toSettings(tx, updated);
  });
}

/**
 * PUT /api/settings/languages (issue 52): the diner pages' offered languages and the table cards' ones,
 * written in the restaurant's audit when they change.
 */
export async function updateLanguageSettings(db: Db, actor: Actor, input: TLanguageSettingsRequest): Promise<TSettings> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select(SETTINGS_COLUMNS).from(restaurants).where(eq(restaurants.id, actor.restaurantId)).for('update');
    if (!current) throw new AppError('NOT_FOUND', RESTAURANT_NOT_FOUND);
    const next = { dinerLanguages: LOCALES.filter((lang) => input.dinerLanguages.includes(lang)), cardLanguages: input.cardLanguages };
    const changes: Record<string, { from: string; to: string }> = {};
    for (const field of ['dinerLanguages', 'cardLanguages'] as const) {
      if (current[field].join(',') !== next[field].join(',')) changes[field] = { from: current[field].join(','), to: next[field].join(',') };
    }
    if (Object.keys(changes).length === 0) return toSettings(tx, current);
    const [updated] = await tx.update(restaurants).set(next).where(eq(restaurants.id, actor.restaurantId)).returning(SETTINGS_COLUMNS);
    await recordRestaurantAudit(tx, { restaurantId: actor.restaurantId, actorUserId: actor.userId, action: 'settings_updated', details: { changes } });
    return toSettings(tx, updated);
  });
}

/**
 * PUT /api/settings/logo: checks, resizes and stores the image (core/images.ts), then points the
 * restaurant at it. The previous file stays: emails already sent show it.
 */
export async function setLogo(db: Db, storage: FileStorage, actor: Actor, upload: { bytes: Uint8Array; fileName?: string }): Promise<TSettings> {
  const stored = await storeImage(storage, { bytes: upload.bytes, restaurantId: actor.restaurantId, purpose: 'logo', fileName: upload.fileName });
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ logoUrl: restaurants.logoUrl }).from(restaurants).where(eq(restaurants.id, actor.restaurantId)).for('update');
    if (!current) throw new AppError('NOT_FOUND', RESTAURANT_NOT_FOUND);
    const [updated] = await tx.update(restaurants).set({ logoUrl: stored.url }).where(eq(restaurants.id, actor.restaurantId)).returning(SETTINGS_COLUMNS);
    await recordRestaurantAudit(tx, {
      restaurantId: actor.restaurantId,
      actorUserId: actor.userId,
      action: 'logo_updated',
      details: { changes: { logoUrl: { from: current.logoUrl, to: stored.url } }, width: stored.width, height: stored.height, bytes: stored.bytes },
    });
    return toSettings(tx, updated);
  });
}

/** DELETE /api/settings/logo: the diner pages, cards and emails show the name alone again. */
export async function removeLogo(db: Db, actor: Actor): Promise<TSettings> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ logoUrl: restaurants.logoUrl }).from(restaurants).where(eq(restaurants.id, actor.restaurantId)).for('update');
    if (!current) throw new AppError('NOT_FOUND', RESTAURANT_NOT_FOUND);
    const [updated] = await tx.update(restaurants).set({ logoUrl: null }).where(eq(restaurants.id, actor.restaurantId)).returning(SETTINGS_COLUMNS);
    if (current.logoUrl) {
      await recordRestaurantAudit(tx, { restaurantId: actor.restaurantId, actorUserId: actor.userId, action: 'logo_removed', details: { changes: { logoUrl: { from: current.logoUrl, to: null } } } });
    }
    return toSettings(tx, updated);
  });
}
