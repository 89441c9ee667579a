import type { RateLimitRule } from '../../lib/rate-limit';

export { RATE_LIMITED_MESSAGE } from '../../lib/rate-limit';

const rule = (name: string, limit: number, windowSeconds: number): RateLimitRule => ({ name, limit, windowSeconds });
const TEN_MINUTES = 10 * 60;
const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

/**
 * Limits of the credential endpoints (docs/decisions/003-accounts.md, 004). Counted in the database
 * before the work they protect, in fixed windows. Password sign-in is limited per IP and per
 * (email, IP) pair, never per email alone: wrong passwords sent from elsewhere cannot lock the real
 * owner out of their own address.
 */
export const AUTH_RATE_LIMITS = {
  signInPerIp: rule('signInPerIp', 30, TEN_MINUTES),
  signInPerEmailAndIp: rule('signInPerEmailAndIp', 10, FIFTEEN_MINUTES),
  magicLinkPerIp: rule('magicLinkPerIp', 20, TEN_MINUTES),
  magicLinkPerEmail: rule('magicLinkPerEmail', 5, FIFTEEN_MINUTES),
  linkVerifyPerIp: rule('linkVerifyPerIp', 30, TEN_MINUTES),
  resetRequestPerIp: rule('resetRequestPerIp', 20, TEN_MINUTES),
  resetRequestPerEmail: rule('resetRequestPerEmail', 5, FIFTEEN_MINUTES),
  resetPerIp: rule('resetPerIp', 20, TEN_MINUTES),
  verificationPerIp: rule('verificationPerIp', 20, TEN_MINUTES),
  verificationPerEmail: rule('verificationPerEmail', 5, FIFTEEN_MINUTES),
  changePasswordPerIp: rule('changePasswordPerIp', 20, TEN_MINUTES),
  signUpPerIp: rule('signUpPerIp', 10, ONE_HOUR),
  signUpPerEmail: rule('signUpPerEmail', 5, ONE_HOUR),
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof AUTH_RATE_LIMITS;
/** The auth limits a server runs with (the defaults above; tests inject small ones). */
export type AuthRateLimits = Record<RateLimitName, RateLimitRule>;

/** The subject of the per-(email, IP) limit. */
export function emailAndIp(email: string, ip: string): string {
  return `${email.trim().toLowerCase()}|${ip}`;
}
