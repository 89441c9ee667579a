/**
 * The plans the site sells and the product enforces (issue #30): ONE table, read by the pricing section of
 * / and /en and by the server's guards and quotas, so the site never promises what the product does not do.
 * A limit of `null` is unlimited.
 */

export const PLAN_IDS = ['essential', 'pro', 'premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** What a plan allows, in numbers (null: unlimited). */
export type PlanLimits = {
  /** Venues of the organisation. */
  venues: number | null;
  /** Members who sign in to the back office (propriétaire, gérant, lecture); counter staff (équipe) are not counted. */
  members: number | null;
  /** Emails sent to diners per calendar month (Paris); account and alert emails are never counted. */
  dinerEmailsPerMonth: number | null;
};
export const LIMIT_KEYS = ['venues', 'members', 'dinerEmailsPerMonth'] as const satisfies ReadonlyArray<keyof PlanLimits>;

/** What a plan includes, as switches. */
export type PlanFeatures = {
  /** The loyalty programme (points, rewards, the counter). */
  loyalty: boolean;
  /** Advanced statistics (the dashboard's chart and the /avis summary over any period). */
  advancedStats: boolean;
  /** White label: the restaurant's logo and colour on diner pages, cards and emails, no 'Propulsé par ReFeed'. */
  whiteLabel: boolean;
  /** Several back-office users (gérant, lecture). */
  multiUser: boolean;
  /** The consolidated view of the organisation's venues. */
  consolidated: boolean;
  /** The public API and webhooks. */
  api: boolean;
};
export const FEATURE_KEYS = ['loyalty', 'advancedStats', 'whiteLabel', 'multiUser', 'consolidated', 'api'] as const satisfies ReadonlyArray<keyof PlanFeatures>;

type Price = { monthly: number; yearly: number };
export type PlanDefinition = {
  id: PlanId;
  name: { fr: string; en: string };
  prices: { eur: Price; gbp: Price };
  popular: boolean;
  limits: PlanLimits;
  features: PlanFeatures;
  /** The items the site lists after the limits' own (FR, EN): `siteItems` writes the venues and messages from `limits`. */
  items: { fr: string[]; en: string[] };
};

export const PLANS: Record<PlanId, PlanDefinition> = {
  essential: {
    id: 'essential',
    name: { fr: 'Essentielle', en: 'Essential' },
    prices: { eur: { monthly: 39, yearly: 390 }, gbp: { monthly: 49, yearly: 490 } },
    popular: false,
    limits: { venues: 1, members: 1, dinerEmailsPerMonth: 300 },
    features: { loyalty: true, advancedStats: false, whiteLabel: false, multiUser: false, consolidated: false, api: false },
    items: {
      fr: ['QR codes personnalisés', 'Emails automatiques', 'Support par email'],
      en: ['Custom QR codes', 'Automated emails', 'Email support'],
    },
  },
  pro: {
    id: 'pro',
    name: { fr: 'Pro', en: 'Pro' },
    prices: { eur: { monthly: 79, yearly: 790 }, gbp: { monthly: 99, yearly: 990 } },
    popular: true,
    limits: { venues: 3, members: 1, dinerEmailsPerMonth: 1000 },
    features: { loyalty: true, advancedStats: true, whiteLabel: true, multiUser: false, consolidated: false, api: false },
    items: {
      fr: ['Statistiques avancées', 'Marque blanche', 'Programme de fidélité', 'Support prioritaire'],
      en: ['Advanced statistics', 'White label', 'Loyalty programme', 'Priority support'],
    },
  },
  premium: {
    id: 'premium',
    name: { fr: 'Premium', en: 'Premium' },
    prices: { eur: { monthly: 149, yearly: 1490 }, gbp: { monthly: 189, yearly: 1890 } },
    popular: false,
    limits: { venues: null, members: null, dinerEmailsPerMonth: null },
    features: { loyalty: true, advancedStats: true, whiteLabel: true, multiUser: true, consolidated: true, api: true },
    items: {
      fr: ['Multi-utilisateurs', 'Tableau de bord consolidé', 'Support prioritaire', 'API personnalisée'],
      en: ['Multiple users', 'Consolidated dashboard', 'Priority support', 'Custom API'],
    },
  },
};

/** A new organisation tries Pro for 14 days (spec §9: '14 jours d’essai gratuit'). */
export const TRIAL_DAYS = 14;
export const TRIAL_PLAN: PlanId = 'pro';

/** Who set an organisation's plan (decision 092): the platform team by contract, or its Stripe subscription. */
export const PLAN_SOURCES = ['contract', 'stripe'] as const;
export type PlanSource = (typeof PLAN_SOURCES)[number];

/** Where an organisation stands: a plan set by the platform team, a trial, or a trial over with no plan. */
export const PLAN_STATES = ['active', 'trial', 'expired'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

/** Per-organisation overrides of any limit, set by the platform team (null: unlimited; absent: the plan's). */
export type LimitOverrides = Partial<Record<keyof PlanLimits, number | null>>;

export type EffectivePlan = {
  state: PlanState;
  /** The plan whose limits and features apply (the trial's plan during a trial; the last one known once expired). */
  plan: PlanId;
  trialEndsAt: string | null;
  limits: PlanLimits;
  features: PlanFeatures;
};

/**
 * The plan that applies to an organisation at `now`: the plan the platform team set; else the trial's plan
 * until its end; else 'expired' (read only: ratings and points go on, no diner email is sent). Overrides
 * replace the plan's limits one by one.
 */
export function effectivePlan(organisation: { plan: string | null; trialEndsAt: Date | string | null; limitOverrides: LimitOverrides | null }, now: Date): EffectivePlan {
  const trialEnd = organisation.trialEndsAt === null ? null : new Date(organisation.trialEndsAt);
  const state: PlanState = isPlanId(organisation.plan) ? 'active' : trialEnd && now < trialEnd ? 'trial' : 'expired';
  const plan: PlanId = isPlanId(organisation.plan) ? organisation.plan : TRIAL_PLAN;
  const base = PLANS[plan];
  const limits = { ...base.limits };
  for (const key of LIMIT_KEYS) {
    const override = organisation.limitOverrides?.[key];
    if (override !== undefined) limits[key] = override;
  }
  return { state, plan, trialEndsAt: trialEnd ? trialEnd.toISOString() : null, limits, features: { ...base.features } };
}

/** Whether `count` more of something stays within `limit` (null: unlimited). */
export function withinLimit(limit: number | null, current: number, adding = 1): boolean {
  return limit === null || current + adding <= limit;
}

/** The roles the member limit counts: the back office's (counter staff, équipe, are not counted: decision 057). */
export const COUNTED_ROLES = ['owner', 'manager', 'viewer'] as const;
export function isCountedRole(role: string): boolean {
  return (COUNTED_ROLES as readonly string[]).includes(role);
}

/** The cheapest plan whose limit of `key` is above `limit` (null: none is). */
export function nextPlanFor(key: keyof PlanLimits, limit: number | null): PlanId | null {
  if (limit === null) return null;
  for (const id of PLAN_IDS) {
    const other = PLANS[id].limits[key];
    if (other === null || other > limit) return id;
  }
  return null;
}

function countFr(count: number, singular: string, plural: string): string {
  return `${count.toLocaleString('fr-FR').replace(/\u202f|\u00a0/g, ' ')} ${count > 1 ? plural : singular}`;
}

function upgradeFr(key: keyof PlanLimits, limit: number | null, then: string): string {
  const next = nextPlanFor(key, limit);
  return next ? `${then}, passez au forfait ${PLANS[next].name.fr}.` : `${then}, contactez-nous.`;
}

/** Why a request of a member is refused by the plan (decision 057), in French. */
export const PLAN_MESSAGES = {
  expired: 'Votre essai gratuit est terminé : ReFeed est en lecture seule et n’envoie plus d’emails à vos clients (les avis et les points continuent). Pour continuer, choisissez un forfait depuis la page Abonnement.',
  venueLimit: (plan: PlanId, limit: number) =>
    `Votre forfait ${PLANS[plan].name.fr} comprend ${countFr(limit, 'établissement', 'établissements')}. ${upgradeFr('venues', limit, 'Pour en ajouter un autre')}`,
  memberLimit: (plan: PlanId, limit: number) =>
    `Votre forfait ${PLANS[plan].name.fr} comprend ${countFr(limit, 'membre', 'membres')} (propriétaires, gérants et lecture). ${upgradeFr('members', limit, 'Pour en inviter un autre')}`,
  /** To the invitee whose acceptance would pass the plan's seats (the limit lowered since the invitation, or a parallel acceptance took the last one). */
  memberLimitAtAcceptance: (plan: PlanId, limit: number) =>
    `Le forfait ${PLANS[plan].name.fr} de cette organisation comprend ${countFr(limit, 'membre', 'membres')} (propriétaires, gérants et lecture) et toutes les places sont prises : l’invitation ne peut pas être acceptée pour le moment. Demandez à un propriétaire de libérer une place ou de changer de forfait, puis rouvrez ce lien.`,
  venueReadOnly: (plan: PlanId, limit: number) =>
    `Votre forfait ${PLANS[plan].name.fr} comprend ${countFr(limit, 'établissement', 'établissements')} : cet établissement est en lecture seule, rien n’est supprimé. ${upgradeFr('venues', limit, 'Pour le modifier à nouveau')}`,
  memberReadOnly: (plan: PlanId, limit: number) => {
    const next = nextPlanFor('members', limit);
    return `Votre forfait ${PLANS[plan].name.fr} comprend ${countFr(limit, 'membre', 'membres')} : votre accès est en lecture seule, rien n’est supprimé. Pour retrouver votre rôle, le propriétaire peut ${next ? `passer au forfait ${PLANS[next].name.fr}` : 'nous contacter'}.`;
  },
} as const;

/** What a membership may do under the plan (decision 057): read only, and why, or everything its role allows. */
export type PlanAccess = {
  effective: EffectivePlan;
  /** Why writes are refused: the trial is over, the venue is beyond the plan's venues, the member beyond its members. */
  readOnly: null | 'expired' | 'venue' | 'member';
  /** The French message of a refused write (null when writes are allowed). */
  message: string | null;
};

/**
 * The plan's rule for one membership on one venue (decision 057). A downgrade never deletes anything:
 * the venues of the organisation in creation order, the first `limits.venues` stay writable, the others are
 * read only; the counted members (propriétaires first, then by membership date), the first `limits.members`
 * keep their role, the others act as lecture. A trial over with no plan: everything is read only.
 * `venueRank` and `memberRank` are 0-based (memberRank null for a role that is not counted).
 */
export function planAccess(
  organisation: { plan: string | null; trialEndsAt: Date | string | null; limitOverrides: LimitOverrides | null },
  ranks: { venueRank: number; memberRank: number | null },
  now: Date,
): PlanAccess {
  const effective = effectivePlan(organisation, now);
  if (effective.state === 'expired') return { effective, readOnly: 'expired', message: PLAN_MESSAGES.expired };
  const { venues, members } = effective.limits;
  if (ranks.memberRank !== null && members !== null && ranks.memberRank >= members) {
    return { effective, readOnly: 'member', message: PLAN_MESSAGES.memberReadOnly(effective.plan, members) };
  }
  if (venues !== null && ranks.venueRank >= venues) return { effective, readOnly: 'venue', message: PLAN_MESSAGES.venueReadOnly(effective.plan, venues) };
  return { effective, readOnly: null, message: null };
}

/** Whole days left in a trial at `now`, rounded up (0 when over). */
export function trialDaysLeft(trialEndsAt: Date | string | null, now: Date): number {
  if (trialEndsAt === null) return 0;
  const ms = new Date(trialEndsAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / (24 * 3600_000));
}

/**
 * The items the site lists for a plan (FR or EN): its venues and diner messages written from its limits
 * (« 3 établissements », « 1 000 messages par mois », « Établissements et messages illimités »), then its
 * other items. The pricing section of / and /en reads this, so a limit changed in the table changes the page.
 */
export function siteItems(plan: Pick<PlanDefinition, 'limits' | 'items'>, lang: 'fr' | 'en'): string[] {
  const { venues, dinerEmailsPerMonth: messages } = plan.limits;
  const number = (n: number) => n.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB').replace(/\u202f|\u00a0/g, ' ');
  const head: string[] = [];
  if (venues === null && messages === null) head.push(lang === 'fr' ? 'Établissements et messages illimités' : 'Unlimited venues and messages');
  else {
    if (venues === null) head.push(lang === 'fr' ? 'Établissements illimités' : 'Unlimited venues');
    else head.push(lang === 'fr' ? `${number(venues)} établissement${venues > 1 ? 's' : ''}` : `${number(venues)} venue${venues > 1 ? 's' : ''}`);
    if (messages === null) head.push(lang === 'fr' ? 'Messages illimités' : 'Unlimited messages');
    else head.push(lang === 'fr' ? `${number(messages)} messages par mois` : `${number(messages)} messages a month`);
  }
  // The members a plan includes, said on the card (issue #53: a group buying Pro for 3 venues learnt too late it could not invite a manager).
  const { members } = plan.limits;
  if (members === 1) head.push(lang === 'fr' ? '1 membre (le propriétaire seul)' : '1 member (the owner only)');
  else if (members !== null) head.push(lang === 'fr' ? `${number(members)} membres` : `${number(members)} members`);
  return [...head, ...plan.items[lang]];
}
