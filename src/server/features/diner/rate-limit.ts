import type { RateLimitRule } from '../../lib/rate-limit';

/**
 * The one rule table of the diner actions (decision 026). A diner is a device (the rf_tid cookie) at a
 * restaurant: the tight limits are per device, what a person at a table could plausibly need. An
 * address is NOT a diner — a restaurant's guest Wi-Fi, a carrier NAT or an undeclared load balancer
 * puts hundreds of diners behind one — so per-address limits are only high ceilings against floods:
 * one address at one restaurant (150 diners rating within a minute stay far below it), and one address
 * over every restaurant (an address sending for several restaurants). The typed email of link-email
 * has its own limit (confirmation emails per address).
 */
export type DinerAction = 'read' | 'visit' | 'submit' | 'link' | 'confirm';

/**
 * Whom a rule counts: the device (rf_tid), the client address, the client address at one restaurant
 * (the restaurant id, or the QR code read), or the email typed in link-email.
 */
export type DinerLimitSubject = 'device' | 'address' | 'addressAtRestaurant' | 'email';

/** At most `limit` requests of the action per `windowSeconds`, per subject. */
export type DinerLimit = { per: DinerLimitSubject; limit: number; windowSeconds: number };

/** Every diner action's rules, checked in this order (the first one over its limit answers the 429). */
export type DinerRateLimits = Record<DinerAction, readonly DinerLimit[]>;

const TEN_MINUTES = 10 * 60;
const HOUR = 60 * 60;

const per = (subject: DinerLimitSubject, limit: number, windowSeconds = TEN_MINUTES): DinerLimit => ({ per: subject, limit, windowSeconds });

/**
 * A server runs with these; tests inject small ones (deps). The ceilings are sized for a full room on
 * one address: 150 diners each reading the page (restaurant, QR, points: ~4 reads), tracking a visit,
 * rating and linking an email within ten minutes use at most 600 reads, 150 visits, 150 ratings and
 * 150 link requests of one address at one restaurant — the ceilings are twice that or more. A flood (2,000
 * ratings a minute from one address) is refused past 300 in ten minutes.
 */
export const DINER_RATE_LIMITS: DinerRateLimits = {
  read: [per('device', 120), per('addressAtRestaurant', 2000), per('address', 4000)],
  visit: [per('device', 30), per('addressAtRestaurant', 600), per('address', 1200)],
  submit: [per('device', 10), per('addressAtRestaurant', 300), per('address', 600)],
  link: [per('device', 10), per('addressAtRestaurant', 300), per('address', 600), per('email', 5, HOUR)],
  confirm: [per('device', 10), per('address', 600)],
};

const RATE_LIMIT_PREFIX = 'public:';
const SUBJECT_NAMES: Record<DinerLimitSubject, string> = { device: 'tid', address: 'ip', addressAtRestaurant: 'ip-restaurant', email: 'email' };

/** The rate-limit rule of one line of the diner table (its name says the action and whom it counts). */
export function ruleOf(action: DinerAction, limit: DinerLimit): RateLimitRule {
  return { name: `${RATE_LIMIT_PREFIX}${action}:${SUBJECT_NAMES[limit.per]}`, limit: limit.limit, windowSeconds: limit.windowSeconds };
}

/**
 * The email line of link-email: confirmation emails per typed address. The feedback form's typed email
 * counts against the same rule (the same name, so the same counter), whichever route asks.
 */
export function linkEmailRule(limits: DinerRateLimits): RateLimitRule {
  const line = limits.link.find((limit) => limit.per === 'email');
  if (!line) throw new Error('the diner rate limits need an email line for link');
  return ruleOf('link', line);
}
