/**
 * The public feedback link a QR code encodes (spec §2 /f):
 * `{PUBLIC_URL}/f/{restaurant id}?qr={qr id}` plus `&label={slug}` when the QR has a table label.
 */
export function buildQrPublicUrl(publicUrl: string, qr: { restaurantId: string; id: string; slug: string | null }): string {
  const params = new URLSearchParams({ qr: qr.id });
  if (qr.slug) params.set('label', qr.slug);
  return `${publicUrl.replace(/\/+$/, '')}/f/${encodeURIComponent(qr.restaurantId)}?${params.toString()}`;
}

/** The short scan link of a QR code, served by the diner page /r/{code}. */
export function buildQrScanUrl(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/r/${encodeURIComponent(code)}`;
}

/** The code of a restaurant's main QR (spec §7): the first 8 characters of its id + '-main'. */
export function buildMainQrCode(restaurantId: string): string {
  return `${restaurantId.slice(0, 8)}-main`;
}
