import { z } from 'zod';

/** The five self-checks of /security (spec §2), in the order the page lists them. */
export const SECURITY_CHECK_IDS = ['tenant-isolation', 'public-data', 'email-function', 'security-headers', 'input-validation'] as const;
export const ZSecurityCheckId = z.enum(SECURITY_CHECK_IDS);
export type TSecurityCheckId = z.infer<typeof ZSecurityCheckId>;

/**
 * The French name of each check, shown before the first result too: what it protects, in an owner's
 * words (issue #53: no 'row-level security', 'endpoints' or header names on the owner's page).
 */
export const SECURITY_CHECK_LABELS: Record<TSecurityCheckId, string> = {
  'tenant-isolation': 'Vos données ne sont visibles que par vous',
  'public-data': 'Les pages de vos clients ne montrent aucune donnée personnelle',
  'email-function': 'Personne ne peut envoyer d’emails en votre nom',
  'security-headers': 'Le navigateur protège vos visiteurs',
  'input-validation': 'Les saisies impossibles sont refusées',
};

/** What the server answers per check; the page adds 'checking' while a run is under way. */
export const ZSecurityCheckStatus = z.enum(['pass', 'warn', 'fail']);
export type TSecurityCheckStatus = z.infer<typeof ZSecurityCheckStatus>;
export type TSecurityCheckDisplayStatus = TSecurityCheckStatus | 'checking';

export const SECURITY_STATUS_TEXT: Record<TSecurityCheckDisplayStatus, string> = {
  pass: 'Réussi',
  warn: 'Attention',
  fail: 'Échec',
  checking: 'Vérification…',
};

export const SECURITY_MESSAGES = {
  checkDone: 'Vérification de sécurité terminée',
  checkFailed: 'Erreur lors de la vérification',
} as const;

export const ZSecurityCheck = z.object({
  id: ZSecurityCheckId,
  label: z.string(),
  status: ZSecurityCheckStatus,
  /** One French sentence: what was tried and what came back. */
  detail: z.string(),
});
export type TSecurityCheck = z.infer<typeof ZSecurityCheck>;

/**
 * Something about how the server runs that the owner (or whoever hosts it) should fix, shown beside
 * the five checks; it does not count in the score (e.g. 'Proxy non déclaré', decision 026).
 */
export const ZSecurityNotice = z.object({ id: z.string(), title: z.string(), detail: z.string() });

/** POST /api/security/check. */
export const ZSecurityCheckResponse = z.object({
  /** Passed checks out of five, as an integer percentage (spec §9). */
  score: z.int().min(0).max(100),
  checkedAt: z.string(),
  checks: z.array(ZSecurityCheck),
  /** Notices beside the checks (none when all is well). */
  notices: z.array(ZSecurityNotice).optional(),
});
export type TSecurityCheckResponse = z.infer<typeof ZSecurityCheckResponse>;

/** Security score (spec §9): the percentage of passed checks out of five; a warning is not a pass. */
export function computeSecurityScore(statuses: ReadonlyArray<TSecurityCheckStatus>, total: number = SECURITY_CHECK_IDS.length): number {
  if (total <= 0) return 0;
  const passed = statuses.filter((status) => status === 'pass').length;
  return Math.round((passed / total) * 100);
}

/** GET /api/security/document: the project's SECURITY.md as plain text, opened from the page. */
export const SECURITY_DOCUMENT_URL = '/api/security/document';
