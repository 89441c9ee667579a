import { ACCOUNT_ERRORS } from '../../../shared/schemas/accounts';
import { localizeMessage } from '../../../shared/i18n/api-messages';

/** Whether a better-auth error means the emailed link is invalid or expired (its message in either language). */
export function isInvalidLinkError(error: { code?: string | null; message?: string | null } | null | undefined): boolean {
  const invalid = ACCOUNT_ERRORS.confirmationLinkInvalid;
  return error?.code === 'INVALID_TOKEN' || error?.message === invalid || error?.message === localizeMessage(invalid, 'en');
}
