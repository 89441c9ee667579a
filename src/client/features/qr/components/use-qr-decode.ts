import { useEffect, useState, type RefObject } from 'react';

export const DECODE_ERROR = '(erreur décodage)';
export const NOT_DECODABLE = '(non décodable)';

/** Reads the stored PNG and decodes it in the browser with jsQR (loaded only for this check). */
export async function decodeQrImage(imageUrl: string): Promise<string> {
  try {
    const response = await fetch(imageUrl, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const bitmap = await createImageBitmap(await response.blob());
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const { default: jsQR } = await import('jsqr');
    return jsQR(pixels.data, pixels.width, pixels.height)?.data ?? NOT_DECODABLE;
  } catch {
    return DECODE_ERROR;
  }
}

/**
 * The decoded content of a QR image, or null while decoding. The decode starts once `target` comes
 * near the screen, so a page of hundreds of QR codes does not fetch and decode them all at load.
 */
export function useQrDecode(imageUrl: string, target: RefObject<Element | null>): string | null {
  const [result, setResult] = useState<{ url: string; decoded: string } | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '1500px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, target]);
  useEffect(() => {
    if (!near) return;
    let active = true;
    void decodeQrImage(imageUrl).then((decoded) => {
      if (active) setResult({ url: imageUrl, decoded });
    });
    return () => {
      active = false;
    };
  }, [imageUrl, near]);
  return result?.url === imageUrl ? result.decoded : null;
}
