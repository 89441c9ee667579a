import type { RateLimitRule } from '../../lib/rate-limit';

/**
 * Private replies a restaurant sends (/avis), counted per restaurant: a busy evening's worth of answers an
 * hour, and a ceiling per day, so a compromised or scripted account cannot turn the restaurant's name
 * into a mailing tool.
 */
export type InboxRateLimits = { repliesPerHour: RateLimitRule; repliesPerDay: RateLimitRule };

export const INBOX_RATE_LIMITS: InboxRateLimits = {
  repliesPerHour: { name: 'inbox-reply-hour', limit: 60, windowSeconds: 60 * 60 },
  repliesPerDay: { name: 'inbox-reply-day', limit: 300, windowSeconds: 24 * 60 * 60 },
};
