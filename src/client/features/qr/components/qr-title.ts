import type { OwnerMessages } from '../../../../shared/i18n/owner';
import type { TQrCode } from '../../../../shared/schemas/qr';

/** Main QR, the table label, or 'sans label' (spec §2), in the owner's language. */
export function getQrTitle(qr: Pick<TQrCode, 'isPrimary' | 'tableLabel'>, m: Pick<OwnerMessages, 'venues_qr_main_title' | 'venues_qr_no_label'>): string {
  if (qr.isPrimary) return m.venues_qr_main_title();
  return qr.tableLabel ?? m.venues_qr_no_label();
}
