import QRCode from 'qrcode';

/** The PNG parameters of spec §9: error correction M, margin 2, scale 8, black on white. */
export const QR_PNG_OPTIONS = { errorCorrectionLevel: 'M', margin: 2, scale: 8, color: { dark: '#000000', light: '#ffffff' } } as const;

/** The QR image of a URL as PNG bytes. */
export async function renderQrPng(url: string): Promise<Uint8Array> {
  return new Uint8Array(await QRCode.toBuffer(url, { ...QR_PNG_OPTIONS, type: 'png' }));
}
