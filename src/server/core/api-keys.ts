/**
 * API keys (issue #31, decision 059): the secret's format, its hash, and the one way a key is created.
 * The owner page (features/api-keys) creates and revokes them; the public API (features/public-api)
 * authenticates requests with them. The secret is returned once, at creation; only its SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { apiKeys } from '../db/schema';
import { API_KEY_PREFIX, API_KEY_VISIBLE_CHARS, type ApiKeyAccess } from '../../shared/rules/developer-api';

/** A new secret: the prefix, then 32 random bytes (base64url). */
export function generateApiKeySecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What is stored of a secret (hex SHA-256): a leaked table gives no usable key. */
export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export type NewApiKey = {
  organisationId: string;
  name: string;
  access: ApiKeyAccess;
  /** null: every venue of the organisation, now and later; else these venues (already checked as the organisation's). */
  venueIds: string[] | null;
  personalData: boolean;
  createdBy: string | null;
};

/** Creates a key; its secret is in the answer and nowhere else. */
export async function createApiKey(db: Db, input: NewApiKey): Promise<{ id: string; secret: string; tokenStart: string; createdAt: Date }> {
  const secret = generateApiKeySecret();
  const tokenStart = secret.slice(0, API_KEY_VISIBLE_CHARS);
  const [row] = await db
    .insert(apiKeys)
    .values({
      organisationId: input.organisationId,
      name: input.name,
      tokenHash: hashApiKeySecret(secret),
      tokenStart,
      access: input.access,
      allVenues: input.venueIds === null,
      venueIds: input.venueIds ?? [],
      personalData: input.personalData,
      createdBy: input.createdBy,
    })
    .returning({ id: apiKeys.id, createdAt: apiKeys.createdAt });
  return { id: row.id, secret, tokenStart, createdAt: row.createdAt };
}
