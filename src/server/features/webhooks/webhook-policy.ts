/** Which addresses webhooks may reach (decision 059): public https ones in production; see lib/http/safe-fetch.ts. */
import type { AppDeps } from '../../deps';
import type { AddressPolicy } from '../../lib/http/safe-fetch';

/** The secret box purpose of an endpoint's signing secret (lib/runtime/secret-box.ts). */
export const WEBHOOK_SECRET_PURPOSE = 'webhook-secret';

/** The type of the event « Envoyer un test » sends (not one an endpoint subscribes to: it goes to that endpoint only). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * Production: https and public addresses only. Elsewhere http is accepted (local testing); loopback and private
 * addresses only with WEBHOOK_ALLOW_PRIVATE=1 (which env.ts refuses in production). `deps.webhookResolver`
 * replaces DNS (tests make a name resolve where they want).
 */
export function webhookPolicyOf(deps: Pick<AppDeps, 'env' | 'webhookResolver'>): AddressPolicy {
  const production = deps.env.NODE_ENV === 'production';
  return {
    allowHttp: !production,
    allowPrivate: !production && deps.env.WEBHOOK_ALLOW_PRIVATE === '1',
    ...(deps.webhookResolver ? { resolve: deps.webhookResolver } : {}),
  };
}
