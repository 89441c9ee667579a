import { z } from 'zod';
import { REVIEW_LINK_MESSAGES } from '../rules/review-url';

/** GET /api/review-link */
export type TReviewLinkSettings = {
  reviewUrl: string | null;
  validatedAt: string | null;
  reviewPromptAllRatings: boolean;
  placesSearchConfigured: boolean;
};

/** PUT /api/review-link (an empty url removes the link) and POST /api/review-link/test */
export const ZReviewUrlRequest = z.object({ url: z.string().max(4000, REVIEW_LINK_MESSAGES.invalidOnSave) });

/** PUT /api/review-link/prompt-all-ratings */
export const ZReviewPromptRequest = z.object({ reviewPromptAllRatings: z.boolean() });

/** POST /api/review-link/places */
export const ZPlacesSearchRequest = z.object({
  q: z.string().trim().min(1, REVIEW_LINK_MESSAGES.searchQueryRequired).max(200, REVIEW_LINK_MESSAGES.searchQueryRequired),
});

/** A place search result (spec §3). */
export type TPlace = { place_id: string; name: string; address: string | null; website: string | null; review_url: string };
export type TPlacesSearchResponse = { configured: boolean; results: TPlace[]; message?: string };

