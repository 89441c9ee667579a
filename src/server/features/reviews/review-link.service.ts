import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { restaurants } from '../../db/schema';
import type { Env } from '../../env';
import { clock } from '../../lib/runtime/clock';
import { AppError } from '../../lib/http/errors';
import type { Logger } from '../../lib/runtime/logger';
import { checkReviewUrl, REVIEW_LINK_MESSAGES } from '../../../shared/rules/review-url';
import type { TPlacesSearchResponse, TReviewLinkSettings } from '../../../shared/schemas/review-link';
import { createGooglePlacesProvider, PlacesUnavailableError, type PlacesProvider } from './places-provider';

/** The configured place search, or null when no GOOGLE_PLACES_API_KEY is set (manual entry only). */
export function getPlacesProvider(env: Pick<Env, 'GOOGLE_PLACES_API_KEY' | 'GOOGLE_PLACES_BASE_URL'>): PlacesProvider | null {
  return env.GOOGLE_PLACES_API_KEY ? createGooglePlacesProvider({ apiKey: env.GOOGLE_PLACES_API_KEY, baseUrl: env.GOOGLE_PLACES_BASE_URL }) : null;
}

export async function getReviewLinkSettings(db: Db, env: Env, restaurantId: string): Promise<TReviewLinkSettings> {
  const [row] = await db
    .select({ reviewUrl: restaurants.googleReviewUrl, validatedAt: restaurants.googleReviewUrlValidatedAt, reviewPromptAllRatings: restaurants.reviewPromptAllRatings })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!row) throw new AppError('NOT_FOUND', REVIEW_LINK_MESSAGES.restaurantNotFound);
  return { ...row, validatedAt: row.validatedAt?.toISOString() ?? null, placesSearchConfigured: !!env.GOOGLE_PLACES_API_KEY };
}

/** The Test button: the normalised link when it has an accepted shape, else the §5 'test' message. */
export function testReviewUrl(input: string): { url: string; message: string } {
  const check = checkReviewUrl(input);
  if (!check.ok) throw new AppError('BAD_REQUEST', REVIEW_LINK_MESSAGES.invalidOnTest);
  return { url: check.url, message: REVIEW_LINK_MESSAGES.recognised };
}

/**
 * Save: a valid link is stored normalised with today as its validation date; an empty one removes the
 * link and clears the date ('Lien retiré.'); anything else is refused with the §5 'save' message.
 */
export async function saveReviewUrl(db: Db, restaurantId: string, input: string): Promise<{ reviewUrl: string | null; validatedAt: string | null; message: string }> {
  const check = checkReviewUrl(input);
  if (!check.ok && check.reason === 'invalid') throw new AppError('BAD_REQUEST', REVIEW_LINK_MESSAGES.invalidOnSave);
  const reviewUrl = check.ok ? check.url : null;
  const validatedAt = check.ok ? clock.now() : null;
  await db.update(restaurants).set({ googleReviewUrl: reviewUrl, googleReviewUrlValidatedAt: validatedAt }).where(eq(restaurants.id, restaurantId));
  return { reviewUrl, validatedAt: validatedAt?.toISOString() ?? null, message: reviewUrl ? REVIEW_LINK_MESSAGES.saved : REVIEW_LINK_MESSAGES.removed };
}

export async function setReviewPromptAllRatings(db: Db, restaurantId: string, enabled: boolean): Promise<{ reviewPromptAllRatings: boolean }> {
  await db.update(restaurants).set({ reviewPromptAllRatings: enabled }).where(eq(restaurants.id, restaurantId));
  return { reviewPromptAllRatings: enabled };
}

/** Place search by name and city; without a provider the answer says search is not configured. */
export async function searchPlaces(provider: PlacesProvider | null, query: string, logger: Logger): Promise<TPlacesSearchResponse> {
  if (!provider) return { configured: false, results: [], message: REVIEW_LINK_MESSAGES.searchNotConfigured };
  try {
    return { configured: true, results: await provider.search(query) };
  } catch (error) {
    if (!(error instanceof PlacesUnavailableError)) throw error;
    logger.warn({ err: error }, 'place search failed');
    throw new AppError('BAD_GATEWAY', REVIEW_LINK_MESSAGES.searchFailed);
  }
}
