import QRCode from 'qrcode';

/** The PNG parameters of spec §9: error correction M, margin 2, scale 8, black on white. */
export const QR_PNG_OPTIONS = { errorCorrectionLevel: 'M', margin: 2, scale: 8, color: { dark: '#000000', light: '#ffffff' } } as const;

/** The QR image of a URL as PNG bytes (the §9 scale unless told: the printed cards use a smaller one). */
export async function renderQrPng(url: string, scale: number = QR_PNG_OPTIONS.scale): Promise<Uint8Array> {
  return new Uint8Array(await QRCode.toBuffer(url, { ...QR_PNG_OPTIONS, scale, type: 'png' }));
}
