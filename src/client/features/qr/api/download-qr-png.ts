import { api } from '../../../lib/api-client';
import type { TQrCode } from '../../../../shared/schemas/qr';

/** The file name of a downloaded QR: qr-{label or id}.png (spec §2), with no space or character a file system refuses. */
export function buildQrFileName(qr: Pick<TQrCode, 'id' | 'tableLabel'>): string {
  const name =
    (qr.tableLabel ?? qr.id)
      .trim()
      .replace(/[\s\\/:*?"<>|]+/g, '-')
      .replace(/^-+|-+$/g, '') || qr.id;
  return `qr-${name}.png`;
}

/** Fetches the stored PNG and saves it through a temporary link. */
export async function downloadQrPng(qr: Pick<TQrCode, 'id' | 'tableLabel' | 'imageUrl'>): Promise<void> {
  const response = await fetch(qr.imageUrl, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = buildQrFileName(qr);
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the object URL goes away.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  // Ticks the dashboard's 'print QR codes' item; the download itself succeeded whatever this answers.
  await api.qr.downloaded.$post().catch(() => undefined);
}
