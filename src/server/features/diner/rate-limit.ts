/** Per 10-minute window, by IP and by visitor id (rf_tid); confirmation emails per address per hour. */
export type DinerRateLimits = {
  read: { ip: number };
  visit: { ip: number; visitor: number };
  submit: { ip: number; visitor: number };
  link: { ip: number; visitor: number };
  linkEmailsPerAddress: number;
};

/**
 * Per-IP limits are generous (a restaurant's diners may share its Wi-Fi); per-visitor limits are what a
 * person at a table could plausibly need. A server runs with these; tests inject small ones (deps).
 */
export const DINER_RATE_LIMITS: DinerRateLimits = {
  read: { ip: 300 },
  visit: { ip: 120, visitor: 30 },
  submit: { ip: 60, visitor: 10 },
  link: { ip: 30, visitor: 10 },
  linkEmailsPerAddress: 5,
};

export type DinerAction = 'read' | 'visit' | 'submit' | 'link';
