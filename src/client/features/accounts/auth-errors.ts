/** Whether a better-auth error means the emailed link is invalid or expired. */
export function isInvalidLinkError(error: { code?: string | null; message?: string | null } | null | undefined): boolean {
  return error?.code === 'INVALID_TOKEN' || error?.message === 'Lien invalide ou expiré';
}

/** The description of a failed forgot, reset or set-password call when the server gives none (spec §8). */
export const RESET_ERROR_FALLBACK = 'Une erreur est survenue lors de la réinitialisation.';
