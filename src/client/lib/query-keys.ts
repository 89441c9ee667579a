/**
 * Query keys that several features read or invalidate (a feature never imports another feature's keys):
 * each is defined here once, and the feature that owns the data re-exports it from its `api/keys.ts`.
 */

/** The dashboard's: a feedback, a rule, a link or a name changed elsewhere invalidates `all`. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};

/** The customers' pages (their rewards to hand over): a reward offered with a reply on /avis invalidates `all`. */
export const customersKeys = {
  all: ['customers'] as const,
};

/** The account (/api/me: the venues, their names and plans): a new venue or a renamed one invalidates `me`. */
export const accountKeys = {
  all: ['accounts'] as const,
  me: ['accounts', 'me'] as const,
};

/** The QR codes' list, which carries the 'no review link' banner: saving the review link invalidates `all`. */
export const qrKeys = {
  all: ['qr-codes'] as const,
};

/** The automations (/automations and the email editor): a design saved in the editor invalidates `all`. */
export const automationsKeys = {
  all: ['automations'] as const,
};

/** The venues' list and consolidated view (/etablissements): a venue created or renamed invalidates `all`. */
export const venuesKeys = {
  all: ['venues'] as const,
};
