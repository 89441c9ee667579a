/** The French message of a failed better-auth call (the server translates its messages; 429 too). */
export function readAuthErrorMessage(error: { message?: string | null; status?: number } | null | undefined, fallback: string): string {
  const message = error?.message?.trim();
  return message ? message : fallback;
}

/** Whether a better-auth error means the emailed link is invalid or expired. */
export function isInvalidLinkError(error: { code?: string | null; message?: string | null } | null | undefined): boolean {
  return error?.code === 'INVALID_TOKEN' || error?.message === 'Lien invalide ou expiré';
}
