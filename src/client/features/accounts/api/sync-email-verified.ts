import { api, readJson } from '../../../lib/api-client';

/** Sets the restaurant's email_verified flag from the confirmed user email (first sign-in per browser session). */
export async function syncEmailVerified() {
  return readJson(await api.me['sync-email-verified'].$post());
}
