import { createHash, randomInt } from 'node:crypto';
import type { Db } from '../../db/client';
import { hitRateLimit, purgeRateLimits, RATE_LIMITED_MESSAGE, readRateLimit } from '../../lib/rate-limit';

/**
 * Rate limits of the credential endpoints, counted in the database (table rate_limits) so they hold
 * across server instances. Fixed windows: a counter starts with the first attempt and resets once
 * its window is over. See docs/decisions/003-accounts.md.
 */
export type RateRule = { windowSeconds: number; max: number };

export const AUTH_RATE_LIMITS = {
  signInPerIp: { windowSeconds: 10 * 60, max: 30 },
  /** Failed password attempts per account (successful ones are not counted). */
  signInFailuresPerEmail: { windowSeconds: 15 * 60, max: 10 },
  magicLinkPerIp: { windowSeconds: 10 * 60, max: 20 },
  magicLinkPerEmail: { windowSeconds: 15 * 60, max: 5 },
  linkVerifyPerIp: { windowSeconds: 10 * 60, max: 30 },
  resetRequestPerIp: { windowSeconds: 10 * 60, max: 20 },
  resetRequestPerEmail: { windowSeconds: 15 * 60, max: 5 },
  resetPerIp: { windowSeconds: 10 * 60, max: 20 },
  verificationPerIp: { windowSeconds: 10 * 60, max: 20 },
  verificationPerEmail: { windowSeconds: 15 * 60, max: 5 },
  changePasswordPerIp: { windowSeconds: 10 * 60, max: 20 },
  signUpPerIp: { windowSeconds: 60 * 60, max: 10 },
  signUpPerEmail: { windowSeconds: 60 * 60, max: 5 },
} as const satisfies Record<string, RateRule>;

export type RateLimitName = keyof typeof AUTH_RATE_LIMITS;

export { RATE_LIMITED_MESSAGE };

export type RateDecision = { allowed: boolean; retryAfterSeconds: number };

/** Keys hold a hash, so neither emails nor IP addresses are stored in clear in rate_limits. */
function buildKey(name: RateLimitName, subject: string): string {
  return `rf:${name}:${createHash('sha256').update(subject.trim().toLowerCase()).digest('hex').slice(0, 40)}`;
}

/** Counts one attempt and says whether it is within the limit (one atomic upsert, see lib/rate-limit). */
export async function consumeRateLimit(db: Db, name: RateLimitName, subject: string): Promise<RateDecision> {
  const rule = AUTH_RATE_LIMITS[name];
  const result = await hitRateLimit(db, { key: buildKey(name, subject), limit: rule.max, windowSeconds: rule.windowSeconds });
  if (randomInt(50) === 0) await purgeRateLimits(db, 'rf:');
  return { allowed: result.allowed, retryAfterSeconds: result.allowed ? 0 : result.retryAfterSeconds };
}

/** Reads a counter without counting (used for "failed attempts" limits). */
export async function peekRateLimit(db: Db, name: RateLimitName, subject: string): Promise<RateDecision> {
  const rule = AUTH_RATE_LIMITS[name];
  return readRateLimit(db, { key: buildKey(name, subject), limit: rule.max, windowSeconds: rule.windowSeconds });
}
