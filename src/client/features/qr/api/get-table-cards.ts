import type { TQrCardsLayout } from '../../../../shared/schemas/qr';
import { venueUrl } from '../../../lib/current-venue';

/** The printable table cards PDF (owner endpoint, same-origin cookie): selected QR codes or all. */
export function buildTableCardsUrl(options: { ids?: string[]; layout: TQrCardsLayout }): string {
  const params = new URLSearchParams({ layout: options.layout });
  if (options.ids?.length) params.set('ids', options.ids.join(','));
  return venueUrl(`/api/qr/cards.pdf?${params.toString()}`);
}
