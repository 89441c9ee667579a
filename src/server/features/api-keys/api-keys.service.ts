/**
 * The API keys of an organisation (/developpeurs, issue #31, decision 059): listing, creating (through
 * core/api-keys, the one way a key is made) and revoking. The secret is in the creation's answer only; the
 * list never carries it nor its hash. Creation locks the organisation row, so the limit of active keys
 * holds with parallel requests.
 */
import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { createApiKey } from '../../core/api-keys';
import type { Db } from '../../db/client';
import { apiKeys, organisations, restaurants, user } from '../../db/schema';
import { clock } from '../../lib/runtime/clock';
import { AppError } from '../../lib/http/errors';
import { isUuid } from '../../../shared/rules/uuid';
import {
  API_KEY_MESSAGES,
  MAX_ACTIVE_API_KEYS,
  type TApiKey,
  type TApiKeyCreated,
  type TApiKeysResponse,
  type TApiKeyVenue,
  type TCreateApiKeyRequest,
} from '../../../shared/schemas/api-keys';

/** Who acts: the propriétaire's organisation (from c.var.tenant) and user id (from the session). */
export type ApiKeyActor = { organisationId: string; userId: string };

async function organisationVenues(db: Db, organisationId: string): Promise<TApiKeyVenue[]> {
  return db
    .select({ id: restaurants.id, name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.organisationId, organisationId))
    .orderBy(asc(restaurants.createdAt), asc(restaurants.id));
}

const keyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  tokenStart: apiKeys.tokenStart,
  access: apiKeys.access,
  allVenues: apiKeys.allVenues,
  venueIds: apiKeys.venueIds,
  personalData: apiKeys.personalData,
  createdAt: apiKeys.createdAt,
  creatorName: user.name,
  creatorEmail: user.email,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

/** The keys with their creator; `where` is always within one organisation. */
function selectKeys(db: Db, where: SQL | undefined) {
  return db.select(keyColumns).from(apiKeys).leftJoin(user, eq(user.id, apiKeys.createdBy)).where(where).$dynamic();
}
type KeyRow = Awaited<ReturnType<typeof selectKeys>>[number];

function toApiKey(row: KeyRow, venueName: Map<string, string>): TApiKey {
  return {
    id: row.id,
    name: row.name,
    tokenStart: row.tokenStart,
    access: row.access,
    allVenues: row.allVenues,
    venues: row.allVenues ? [] : row.venueIds.filter((id) => venueName.has(id)).map((id) => ({ id, name: venueName.get(id)! })),
    personalData: row.personalData,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.creatorEmail === null ? null : { name: row.creatorName ?? '', email: row.creatorEmail },
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}


/** The organisation's keys, newest first, with its venues. */
export async function listApiKeys(db: Db, actor: ApiKeyActor): Promise<TApiKeysResponse> {
  const venues = await organisationVenues(db, actor.organisationId);
  const venueName = new Map(venues.map((venue) => [venue.id, venue.name]));
  const rows = await selectKeys(db, eq(apiKeys.organisationId, actor.organisationId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return { keys: rows.map((row) => toApiKey(row, venueName)), venues, maxActiveKeys: MAX_ACTIVE_API_KEYS };
}

/**
 * Creates a key: the chosen venues must all be the organisation's (else 404, whichever is not), at most
 * MAX_ACTIVE_API_KEYS keys not revoked. The answer carries the secret, once.
 */
export async function createOrganisationApiKey(db: Db, actor: ApiKeyActor, input: TCreateApiKeyRequest): Promise<TApiKeyCreated> {
  return db.transaction(async (tx) => {
    await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, actor.organisationId)).for('update');
    const venueIds = input.allVenues ? null : [...new Set(input.venueIds)];
    const venues = await organisationVenues(tx, actor.organisationId);
    const venueName = new Map(venues.map((venue) => [venue.id, venue.name]));
    if (venueIds?.some((id) => !venueName.has(id))) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.venueNotFound);
    const [{ active }] = await tx
      .select({ active: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.organisationId, actor.organisationId), isNull(apiKeys.revokedAt)));
    if (Number(active) >= MAX_ACTIVE_API_KEYS) throw new AppError('CONFLICT', API_KEY_MESSAGES.tooMany);
    const created = await createApiKey(tx, {
      organisationId: actor.organisationId,
      name: input.name,
      access: input.access,
      venueIds,
      personalData: input.personalData,
      createdBy: actor.userId,
    });
    const [row] = await selectKeys(tx, and(eq(apiKeys.organisationId, actor.organisationId), eq(apiKeys.id, created.id)));
    return { key: toApiKey(row, venueName), secret: created.secret };
  });
}

/**
 * Revokes a key of the organisation: it stops authenticating at once. Another organisation's key or an
 * unknown one is a 404; a key already revoked keeps its first revocation.
 */
export async function revokeOrganisationApiKey(db: Db, actor: ApiKeyActor, keyId: string): Promise<{ ok: true; revokedAt: string }> {
  if (!isUuid(keyId)) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.keyNotFound);
  const mine = and(eq(apiKeys.id, keyId), eq(apiKeys.organisationId, actor.organisationId));
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: clock.now(), revokedBy: actor.userId })
    .where(and(mine, isNull(apiKeys.revokedAt)))
    .returning({ revokedAt: apiKeys.revokedAt });
  if (revoked?.revokedAt) return { ok: true, revokedAt: revoked.revokedAt.toISOString() };
  const [found] = await db.select({ revokedAt: apiKeys.revokedAt }).from(apiKeys).where(mine);
  if (!found?.revokedAt) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.keyNotFound);
  return { ok: true, revokedAt: found.revokedAt.toISOString() };
}
