import jsQR from 'jsqr';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { PNG } from 'pngjs';
import { inflateSync } from 'node:zlib';

/** Decodes a QR code PNG (jsqr + pngjs); null when no code is found. */
export function decodeQrPng(bytes: Uint8Array): string | null {
  const png = PNG.sync.read(Buffer.from(bytes));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** Reads a PNG's size and the distinct colours it uses. */
export function describePng(bytes: Uint8Array): { width: number; height: number; colours: Set<string> } {
  const png = PNG.sync.read(Buffer.from(bytes));
  const colours = new Set<string>();
  for (let i = 0; i < png.data.length; i += 4) colours.add(`${png.data[i]},${png.data[i + 1]},${png.data[i + 2]},${png.data[i + 3]}`);
  return { width: png.width, height: png.height, colours };
}

/**
 * The images embedded in a PDF (pdf-lib writes PNGs as Flate-compressed 8-bit RGB), each decoded
 * with jsqr, with the pages' count.
 */
export async function readPdfQrImages(bytes: Uint8Array): Promise<{ pageCount: number; pageSizes: Array<[number, number]>; decoded: Array<string | null> }> {
  const pdf = await PDFDocument.load(bytes);
  const decoded: Array<string | null> = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const width = (object.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (object.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    if (object.dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB')) continue;
    const rgbBytes = inflateSync(object.contents);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba[i * 4] = rgbBytes[i * 3];
      rgba[i * 4 + 1] = rgbBytes[i * 3 + 1];
      rgba[i * 4 + 2] = rgbBytes[i * 3 + 2];
      rgba[i * 4 + 3] = 255;
    }
    decoded.push(jsQR(rgba, width, height)?.data ?? null);
  }
  const pageSizes = pdf.getPages().map((page) => [Math.round(page.getWidth()), Math.round(page.getHeight())] as [number, number]);
  return { pageCount: pdf.getPageCount(), pageSizes, decoded };
}
