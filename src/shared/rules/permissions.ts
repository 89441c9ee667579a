/**
 * Who may do what in an organisation (issue #29): the one table of permissions, read by the server's
 * member guard (auth/guards.ts) and meant for the client to hide what a role cannot do. A role's rights
 * apply to the venues of its membership (all of the organisation's, or the chosen ones).
 */

/** The roles of a member, from the most to the least rights. */
export const ROLES = ['owner', 'manager', 'staff', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** The roles as the product names them (issue #29): propriétaire, gérant, équipe, lecture. */
export const ROLE_LABELS: Record<Role, string> = {
  owner: 'propriétaire',
  manager: 'gérant',
  staff: 'équipe',
  viewer: 'lecture',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

const EVERY_ROLE = ROLES;
const OWNER_AND_MANAGER = ['owner', 'manager'] as const satisfies readonly Role[];
const OWNER_ONLY = ['owner'] as const satisfies readonly Role[];

/**
 * Every action and the roles allowed to do it: ONE table. An action missing here does not compile
 * (`satisfies`), and a route guard names one of these keys.
 */
export const PERMISSIONS = {
  /** The venue's header (name, logo, the member's role): anyone who works there. */
  'venue.view': EVERY_ROLE,
  /** Dashboards (figures, ratings, to-do list): read-only for lecture; not the counter staff's. */
  'dashboard.view': ['owner', 'manager', 'viewer'],
  /** The reviews (/avis), read. */
  'reviews.view': ['owner', 'manager', 'viewer'],
  /** Today's reviews without the diners' contact details (the counter's view of them). */
  'reviews.today': EVERY_ROLE,
  /** Handling reviews: replying to a diner, changing a review's status. */
  'reviews.reply': OWNER_AND_MANAGER,
  /** The counter: find a diner, look a reward code up, hand a reward over. */
  'counter.use': ['owner', 'manager', 'staff'],
  /** The customer base (/customers): list, file, rewards handed over from a file. */
  'customers.view': OWNER_AND_MANAGER,
  /** Personal data export: the CSV of the customers and one diner's data (GDPR access). */
  'customers.export': OWNER_AND_MANAGER,
  /** Erasing a diner (GDPR erasure). */
  'customers.erase': OWNER_AND_MANAGER,
  /** The venue's settings: identity, logo, sending hours, the public review link. */
  'settings.manage': OWNER_AND_MANAGER,
  /** QR codes and table cards. */
  'qr.manage': OWNER_AND_MANAGER,
  /** Loyalty rules and the reward catalogue. */
  'loyalty.manage': OWNER_AND_MANAGER,
  /** Email automations and their editor. */
  'automations.manage': OWNER_AND_MANAGER,
  /** The security self-check of the venue (/security). */
  'security.check': OWNER_AND_MANAGER,
  /** Inviting members (the roles each may invite: `invitableRoles`). */
  'members.invite': OWNER_AND_MANAGER,
  /** Changing a member's role or venues, removing a member. */
  'members.manage': OWNER_ONLY,
  /** Adding, editing or removing venues. */
  'venues.manage': OWNER_ONLY,
  /** The organisation itself: its name, SIREN, its plan. */
  'organisation.manage': OWNER_ONLY,
  /** Paying: Stripe Checkout and the Customer Portal (decision 092); open even when the plan made the venue read only. */
  'billing.manage': OWNER_ONLY,
  /** The public API's keys and the webhook endpoints (issue #31): only where the plan includes the API. */
  'api.manage': OWNER_ONLY,
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** Whether `role` may do `action` (a role this code does not know may do nothing). */
export function can(role: string, action: Action): boolean {
  return (PERMISSIONS[action] as readonly string[]).includes(role);
}

/** Every action `role` may do, in the table's order (what /api/me lists for the client). */
export function permissionsOf(role: string): Action[] {
  return ACTIONS.filter((action) => can(role, action));
}

/**
 * The roles `role` may give to someone it invites: a propriétaire any, a gérant équipe and lecture
 * only, the others none. Never a role with a right its granter lacks (checked by permissions.test.ts).
 */
const INVITABLE_ROLES: Record<Role, readonly Role[]> = {
  owner: ROLES,
  manager: ['staff', 'viewer'],
  staff: [],
  viewer: [],
};

export function invitableRoles(role: string): readonly Role[] {
  return isRole(role) ? INVITABLE_ROLES[role] : [];
}

/** Whether a member with `granter`'s role may give `role` to someone. */
export function mayGrant(granter: string, role: string): boolean {
  return (invitableRoles(granter) as readonly string[]).includes(role);
}
