import { z } from 'zod';
import { MY_DATA_MESSAGES } from './my-data-messages';

export * from './my-data-messages';

/** POST …/my-data/consent */
export const ZMyConsentRequest = z.object({ marketingConsent: z.boolean({ error: 'Consentement invalide' }) });

/** POST …/my-data/erase: an anonymous device confirms in the page (no email to send a link to). */
export const ZMyErasureRequest = z.object({ confirm: z.literal(true, { error: MY_DATA_MESSAGES.confirmRequired }) });

/** POST /api/public/my-data/erase/confirm: the link of the erasure email. */
export const ZMyErasureConfirmRequest = z.object({ token: z.string({ error: MY_DATA_MESSAGES.erasureLinkInvalid }).min(20, MY_DATA_MESSAGES.erasureLinkInvalid).max(200, MY_DATA_MESSAGES.erasureLinkInvalid) });
