import { EDITOR_IMAGE_MESSAGES, AUTOMATION_MESSAGES } from '../../../shared/schemas/automations';
import { COUNTER_MESSAGES } from '../../../shared/schemas/counter';
import { INBOX_MESSAGES } from '../../../shared/schemas/inbox';
import { RATE_LIMITED_MESSAGE, type RateLimitRule, type RateLimitSubject } from './rate-limit';

/**
 * THE table of every rate limit the server enforces (decision 034): name (the counter's key), whom it
 * counts (`per`), how many hits (`limit`) per fixed window (`windowSeconds`), and the French message of
 * its 429. Features refer to a rule by its name in this table (through `deps.rateLimits`, where tests
 * inject smaller numbers); `lib/limits/rate-limit.ts` counts the hits; the app's `onError` answers the 429 with
 * `Retry-After`, and better-auth's hook answers it through the same header builder.
 */

const TEN_MINUTES = 10 * 60;
const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 60 * 60;

const rule = (name: string, per: RateLimitSubject, limit: number, windowSeconds: number, message = RATE_LIMITED_MESSAGE): RateLimitRule => ({
  name,
  per,
  limit,
  windowSeconds,
  message,
});

/**
 * The credential endpoints (decisions 003, 004, 029b). Password sign-in is limited per address and per
 * (email, address) pair, never per email alone: wrong passwords sent from elsewhere cannot lock the real
 * owner out of their own address.
 */
export const AUTH_RATE_LIMITS = {
  signInPerIp: rule('signInPerIp', 'address', 30, TEN_MINUTES),
  signInPerEmailAndIp: rule('signInPerEmailAndIp', 'emailAndAddress', 10, FIFTEEN_MINUTES),
  magicLinkPerIp: rule('magicLinkPerIp', 'address', 20, TEN_MINUTES),
  magicLinkPerEmail: rule('magicLinkPerEmail', 'email', 5, FIFTEEN_MINUTES),
  linkVerifyPerIp: rule('linkVerifyPerIp', 'address', 30, TEN_MINUTES),
  resetRequestPerIp: rule('resetRequestPerIp', 'address', 20, TEN_MINUTES),
  resetRequestPerEmail: rule('resetRequestPerEmail', 'email', 5, FIFTEEN_MINUTES),
  resetPerIp: rule('resetPerIp', 'address', 20, TEN_MINUTES),
  verificationPerIp: rule('verificationPerIp', 'address', 20, TEN_MINUTES),
  verificationPerEmail: rule('verificationPerEmail', 'email', 5, FIFTEEN_MINUTES),
  changePasswordPerIp: rule('changePasswordPerIp', 'address', 20, TEN_MINUTES),
  signUpPerIp: rule('signUpPerIp', 'address', 10, HOUR),
  signUpPerEmail: rule('signUpPerEmail', 'email', 5, HOUR),
} as const satisfies Record<string, RateLimitRule>;

export type AuthRateLimitName = keyof typeof AUTH_RATE_LIMITS;
export type AuthRateLimits = Record<AuthRateLimitName, RateLimitRule>;

/** The subject of the per-(email, address) limit. */
export function emailAndIp(email: string, ip: string): string {
  return `${email.trim().toLowerCase()}|${ip}`;
}

/**
 * The diner actions (decision 026). A diner is a device (the rf_tid cookie) at a restaurant: the tight
 * limits are per device, what a person at a table could plausibly need. An address is NOT a diner — a
 * restaurant's guest Wi-Fi, a carrier NAT or an undeclared load balancer puts hundreds of diners behind
 * one — so per-address limits are only high ceilings against floods: one address at one restaurant, and
 * one address over every restaurant. The typed email of link-email has its own limit (confirmation
 * emails per address).
 */
export type DinerAction = 'read' | 'visit' | 'submit' | 'link' | 'confirm' | 'myData' | 'erase' | 'present' | 'recover';
/** Every diner action's rules, checked in this order (the first one over its limit answers the 429). */
export type DinerRateLimits = Record<DinerAction, readonly RateLimitRule[]>;
/** Whom a diner rule may count. */
export type DinerLimitSubject = Extract<RateLimitSubject, 'device' | 'address' | 'addressAtRestaurant' | 'email'>;

const DINER_SUBJECT_NAMES: Record<DinerLimitSubject, string> = { device: 'tid', address: 'ip', addressAtRestaurant: 'ip-restaurant', email: 'email' };

/** One line of the diner table: its name says the action and whom it counts (`public:submit:tid`). */
export function dinerRule(action: DinerAction, per: DinerLimitSubject, limit: number, windowSeconds = TEN_MINUTES): RateLimitRule {
  return rule(`public:${action}:${DINER_SUBJECT_NAMES[per]}`, per, limit, windowSeconds);
}

/**
 * The ceilings are sized for a full room on one address: 150 diners each reading the page (restaurant,
 * QR, points: ~4 reads), tracking a visit, rating and linking an email within ten minutes use at most
 * 600 reads, 150 visits, 150 ratings and 150 link requests of one address at one restaurant — the
 * ceilings are twice that or more. A flood (2,000 ratings a minute from one address) is refused past 300
 * in ten minutes.
 */
export const DINER_RATE_LIMITS: DinerRateLimits = {
  read: [dinerRule('read', 'device', 120), dinerRule('read', 'addressAtRestaurant', 2000), dinerRule('read', 'address', 4000)],
  visit: [dinerRule('visit', 'device', 30), dinerRule('visit', 'addressAtRestaurant', 600), dinerRule('visit', 'address', 1200)],
  submit: [dinerRule('submit', 'device', 10), dinerRule('submit', 'addressAtRestaurant', 300), dinerRule('submit', 'address', 600)],
  link: [
    dinerRule('link', 'device', 10),
    dinerRule('link', 'addressAtRestaurant', 300),
    dinerRule('link', 'address', 600),
    dinerRule('link', 'email', 5, HOUR),
  ],
  confirm: [dinerRule('confirm', 'device', 10), dinerRule('confirm', 'address', 600)],
  /** 'Mes données' (decision 045): reading, downloading, consent and unsubscribe of the device's own data. */
  myData: [dinerRule('myData', 'device', 60), dinerRule('myData', 'address', 1200)],
  /**
   * The erasure request sends an email to the device's own address on record: five an hour per device
   * (an address flood ceiling above), so nobody fills a diner's inbox with erasure links; opening the
   * link counts here too.
   */
  erase: [dinerRule('erase', 'device', 5, HOUR), dinerRule('erase', 'address', 300)],
  // 'Présenter au comptoir' (issue 27): a fresh code per tap; a diner shows a few rewards, a few times.
  present: [dinerRule('present', 'device', 30), dinerRule('present', 'addressAtRestaurant', 600), dinerRule('present', 'address', 1200)],
  // 'Retrouver ma carte' (issue 27): each request may email a link, so few per device and per typed address.
  recover: [dinerRule('recover', 'device', 5), dinerRule('recover', 'addressAtRestaurant', 150), dinerRule('recover', 'address', 300), dinerRule('recover', 'email', 3, HOUR)],
};

/**
 * The email line of link-email: confirmation emails per typed address. The feedback form's typed email
 * counts against the same rule (the same name, so the same counter), whichever route asks.
 */
export function linkEmailRule(limits: DinerRateLimits): RateLimitRule {
  const line = limits.link.find((limit) => limit.per === 'email');
  if (!line) throw new Error('the diner rate limits need an email line for link');
  return line;
}

/** The owner area's costly or abusable actions. */
export const OWNER_RATE_LIMITS = {
  /** Test sends per restaurant: enough to try every template a few times, too few to spam through ReFeed. */
  automationTestSends: rule('automation-test-send', 'restaurant', 20, HOUR),
  /**
   * Template saves (text area, visual editor, restores) per restaurant: far more than an owner editing by
   * hand needs, few enough that nobody fills the database through them (issue 32, decision 028).
   */
  automationTemplateSaves: rule('automation-template-save', 'restaurant', 60, HOUR, AUTOMATION_MESSAGES.savesLimited),
  /** Image uploads of the email editor per restaurant: a few dozen images while building templates. */
  automationImageUploads: rule('automation-image-upload', 'restaurant', 60, HOUR, EDITOR_IMAGE_MESSAGES.uploadsLimited),
  /** Each logo upload is decoded and resized on the server. */
  logoUploads: rule('owner:logo', 'user', 20, TEN_MINUTES),
  /**
   * Private replies a restaurant sends (/avis), per restaurant: a busy evening's worth of answers an hour,
   * and a ceiling per day, so a scripted account cannot turn the restaurant's name into a mailing tool.
   */
  inboxRepliesPerHour: rule('inbox-reply-hour', 'restaurant', 60, HOUR, INBOX_MESSAGES.replyRateLimited),
  inboxRepliesPerDay: rule('inbox-reply-day', 'restaurant', 300, 24 * HOUR, INBOX_MESSAGES.replyRateLimited),
  /** A security self-check makes about ten requests to the app: a few per minute is all a person needs. */
  securityChecks: rule('security:check:user', 'user', 10, TEN_MINUTES),
  /** Each place search costs the platform a paid Google call. */
  placeSearches: rule('owner:places', 'user', 30, TEN_MINUTES),
  /**
   * The counter's code lookups and searches (GET /api/counter/codes/:code and /search, issue 50), per member
   * and per venue. A rush at the counter is a scan or a typed code every few seconds per person, with a few
   * misreads and retries: 60 a minute is one a second for a whole minute, for each member; 300 a minute per
   * venue is five members doing so at once. A script that guessed 1,500 codes in 3.3 s gets 60, then waits:
   * at most 3,000 guesses per venue in a code's 10 minutes, against 31^6 ≈ 887 million codes.
   */
  counterLookupsPerMember: rule('counter:lookup:user', 'user', 60, 60, COUNTER_MESSAGES.lookupsLimited),
  counterLookupsPerVenue: rule('counter:lookup:restaurant', 'restaurant', 300, 60, COUNTER_MESSAGES.lookupsLimited),
} as const satisfies Record<string, RateLimitRule>;

export type OwnerRateLimits = Record<keyof typeof OWNER_RATE_LIMITS, RateLimitRule>;

/** The public API's message when a key is over its limit (problem details `detail`). */
export const API_RATE_LIMITED_MESSAGE = 'Trop de requêtes pour cette clé d’API. Réessayez après le délai indiqué par l’en-tête Retry-After.';

/** …and when an address sends too many unknown or revoked keys. */
export const API_UNKNOWN_KEY_LIMITED_MESSAGE = 'Trop de requêtes avec une clé d’API inconnue ou révoquée depuis cette adresse. Vérifiez la clé, puis réessayez après le délai indiqué par l’en-tête Retry-After.';

/**
 * The public API (/api/v1, issue #31): every request of a key counts, whatever the route; each answer
 * tells the client where it stands (`RateLimit-Policy` / `RateLimit` headers, features/public-api).
 */
export const API_RATE_LIMITS = {
  perKey: rule('api:per-key', 'apiKey', 600, 60, API_RATE_LIMITED_MESSAGE),
  /**
   * Requests with an unknown or revoked key, per address: each costs a lookup, none counts under a key. A
   * ceiling against floods (a client stuck on a revoked key retries far below it), not a guard of the keys:
   * 256 random bits cannot be guessed.
   */
  unknownKeyPerAddress: rule('api:unknown-key:ip', 'address', 300, TEN_MINUTES, API_UNKNOWN_KEY_LIMITED_MESSAGE),
} as const satisfies Record<string, RateLimitRule>;

export type ApiRateLimits = Record<keyof typeof API_RATE_LIMITS, RateLimitRule>;

/** Every rule, by area: what a server runs with. */
export type RateLimits = { auth: AuthRateLimits; diner: DinerRateLimits; owner: OwnerRateLimits; api: ApiRateLimits };
export const RATE_LIMIT_RULES: RateLimits = { auth: AUTH_RATE_LIMITS, diner: DINER_RATE_LIMITS, owner: OWNER_RATE_LIMITS, api: API_RATE_LIMITS };

/** Smaller numbers a test injects (the same rules; only the ones it names change). */
export type RateLimitOverrides = { [Area in keyof RateLimits]?: Partial<RateLimits[Area]> };

export function rateLimitsWith(overrides: RateLimitOverrides = {}): RateLimits {
  return {
    auth: { ...AUTH_RATE_LIMITS, ...overrides.auth },
    diner: { ...DINER_RATE_LIMITS, ...overrides.diner },
    owner: { ...OWNER_RATE_LIMITS, ...overrides.owner },
    api: { ...API_RATE_LIMITS, ...overrides.api },
  };
}
