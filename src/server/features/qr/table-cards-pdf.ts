import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { renderQrPng } from './qr-png';
import { QR_CARD_TEXTS, type TQrCardsLayout } from '../../../shared/schemas/qr';
import type { Locale } from '../../../shared/rules/locales';
import { qrLabelShown } from '../../../shared/rules/qr-label';
import { cardText, unprintableCharacters } from '../../../shared/rules/printable-text';

const MM = 72 / 25.4;
const A6 = { width: 105 * MM, height: 148 * MM };
const A4 = { width: 210 * MM, height: 297 * MM };
/** Side of the printed QR image. With margin 2 the symbol itself is over 60 mm: readable from 50 cm and more. */
export const CARD_QR_SIDE_MM = 70;

const INK = rgb(0.11, 0.1, 0.09);
const MUTED = rgb(0.34, 0.33, 0.31);
const BRAND = rgb(0.76, 0.25, 0.05);
const CUT_LINE = rgb(0.7, 0.7, 0.7);

export type TableCard = { tableLabel: string | null; isPrimary: boolean; png: Uint8Array };

type Fonts = { regular: PDFFont; bold: PDFFont };

/**
 * White label (decision 058): the restaurant's colour on its cards and no ReFeed mention; null: ReFeed's
 * orange and 'Propulsé par ReFeed' under each card.
 */
export type CardsBrand = { color: string | null } | null;

/** '#rrggbb' as a PDF colour (ReFeed's orange when absent or malformed). */
function brandRgb(color: string | null | undefined) {
  const match = color ? /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color) : null;
  return match ? rgb(parseInt(match[1], 16) / 255, parseInt(match[2], 16) / 255, parseInt(match[3], 16) / 255) : BRAND;
}

export const POWERED_BY = 'Propulsé par ReFeed';
type Box = { x: number; y: number; width: number; height: number };

/**
 * The cards' font (decision 076): DejaVu Sans and DejaVu Sans Bold from the npm package `dejavu-fonts-ttf`,
 * embedded as subsets (only the glyphs a sheet uses: a few kilobytes). Names and labels are checked against
 * it where they are typed (`shared/rules/printable-text.ts`), so every character of a new one prints.
 */
const require = createRequire(import.meta.url);
let fontFiles: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;
function cardFontFiles() {
  fontFiles ??= Promise.all([readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')), readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  return fontFiles;
}

/** A subset's name starts with six capital letters and '+' (PDF 32000-1 §9.6.4): readers then know it holds only some glyphs. */
function subsetTag(): string {
  return Array.from(randomBytes(6), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
}

/** The line as drawn: composed, and without what an older name or label may hold that the font lacks (none typed since decision 076). */
function keepPrintable(text: string): string {
  const composed = cardText(text);
  const missing = new Set(unprintableCharacters(composed));
  return (missing.size ? [...composed].filter((char) => !missing.has(char)).join('') : composed).trim();
}

const unitWidths = new WeakMap<PDFFont, Map<string, number>>();

/**
 * A line's width at size 1 (widths scale with the size): an embedded font lays the text out with fontkit at
 * each measure, so each line is measured once per sheet (the same call to action is on every card).
 */
function unitWidth(font: PDFFont, text: string): number {
  let widths = unitWidths.get(font);
  if (!widths) unitWidths.set(font, (widths = new Map()));
  let width = widths.get(text);
  if (width === undefined) widths.set(text, (width = font.widthOfTextAtSize(text, 1)));
  return width;
}

/** Draws one line centred in the box, shrinking the font (then cutting with …) to fit its width. */
function drawCentredLine(page: PDFPage, box: Box, text: string, options: { font: PDFFont; size: number; minSize: number; baseline: number; color: ReturnType<typeof rgb> }) {
  const { font, baseline, color } = options;
  const maxWidth = box.width - 16 * MM;
  let line = keepPrintable(text);
  if (!line) return;
  let size = options.size;
  while (size > options.minSize && unitWidth(font, line) * size > maxWidth) size -= 0.5;
  while (line.length > 1 && unitWidth(font, line) * size > maxWidth) line = `${line.slice(0, -2).trimEnd()}…`;
  const width = unitWidth(font, line) * size;
  page.drawText(line, { x: box.x + (box.width - width) / 2, y: box.y + baseline, size, font, color });
}

/** The restaurant's logo sits above its name: at most 14 mm high and 40 mm wide, its proportions kept. */
const LOGO_MAX = { width: 40 * MM, height: 14 * MM };

function drawCard(page: PDFPage, box: Box, fonts: Fonts, restaurantName: string, card: TableCard, image: PDFImage, logo: PDFImage | null, brand: CardsBrand, languages: readonly Locale[]) {
  // The main entrance's default label in the card's first language: French « Entrée principale », else the stored English.
  const label = qrLabelShown(card.tableLabel, languages[0] === 'fr' ? 'fr' : 'en');
  const side = CARD_QR_SIDE_MM * MM;
  const top = box.height;
  if (logo) {
    const scale = Math.min(LOGO_MAX.width / logo.width, LOGO_MAX.height / logo.height);
    const width = logo.width * scale;
    const height = logo.height * scale;
    page.drawImage(logo, { x: box.x + (box.width - width) / 2, y: box.y + top - 6 * MM - height, width, height });
  }
  drawCentredLine(page, box, restaurantName, { font: fonts.bold, size: 18, minSize: 11, baseline: top - 25 * MM, color: INK });
  if (label) drawCentredLine(page, box, label, { font: fonts.regular, size: 14, minSize: 9, baseline: top - 33 * MM, color: MUTED });
  const qrTop = top - 38 * MM;
  page.drawImage(image, { x: box.x + (box.width - side) / 2, y: box.y + qrTop - side, width: side, height: side });
  // The call to rate in the card's one or two languages: on one line when it fits at a readable size
  // (« Notez-nous en 10 secondes · Rate us in 10 seconds »), else one line per language.
  const texts = (languages.length ? languages : ['fr' as const]).map((lang) => QR_CARD_TEXTS[lang]);
  const ctaColor = brandRgb(brand?.color);
  const joined = texts.map((text) => text.callToRate).join(' · ');
  const hint = texts.map((text) => text.scanHint).join(' · ');
  const below = qrTop - side;
  if (texts.length === 1 || unitWidth(fonts.bold, joined) * 12 <= box.width - 16 * MM) {
    drawCentredLine(page, box, joined, { font: fonts.bold, size: 16, minSize: 12, baseline: below - 10 * MM, color: ctaColor });
  } else {
    drawCentredLine(page, box, texts[0].callToRate, { font: fonts.bold, size: 14, minSize: 10, baseline: below - 7.5 * MM, color: ctaColor });
    drawCentredLine(page, box, texts[1].callToRate, { font: fonts.bold, size: 12, minSize: 9, baseline: below - 12.5 * MM, color: ctaColor });
  }
  if (texts.length === 1 || unitWidth(fonts.regular, hint) * 7 <= box.width - 16 * MM) {
    drawCentredLine(page, box, hint, { font: fonts.regular, size: 8.5, minSize: 7, baseline: below - 17 * MM, color: MUTED });
  } else {
    drawCentredLine(page, box, texts[0].scanHint, { font: fonts.regular, size: 8, minSize: 6.5, baseline: below - 17 * MM, color: MUTED });
    drawCentredLine(page, box, texts[1].scanHint, { font: fonts.regular, size: 8, minSize: 6.5, baseline: below - 20.5 * MM, color: MUTED });
  }
  if (!brand) drawCentredLine(page, box, POWERED_BY, { font: fonts.regular, size: 7, minSize: 6, baseline: 6 * MM, color: MUTED });
}

function drawCutLines(page: PDFPage) {
  const dash = { dashArray: [4, 4], thickness: 0.5, color: CUT_LINE };
  page.drawLine({ start: { x: A4.width / 2, y: 0 }, end: { x: A4.width / 2, y: A4.height }, ...dash });
  page.drawLine({ start: { x: 0, y: A4.height / 2 }, end: { x: A4.width, y: A4.height / 2 }, ...dash });
}

/** One A6 page per card, or A4 pages holding four A6 cards (2 × 2, with cut lines). */
export async function renderCardsPdf(input: {
  restaurantName: string;
  logoPng?: Uint8Array | null;
  cards: TableCard[];
  layout: TQrCardsLayout;
  brand?: CardsBrand;
  /** The call to rate's one or two languages (/parametres, issue 52); French when none is given. */
  languages?: readonly Locale[];
}): Promise<Uint8Array> {
  const brand = input.brand ?? null;
  const languages = input.languages?.length ? input.languages.slice(0, 2) : (['fr'] as const);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Cartes de table – ${input.restaurantName}`);
  pdf.setCreator('ReFeed');
  pdf.setProducer('ReFeed');
  pdf.registerFontkit(fontkit);
  const files = await cardFontFiles();
  const fonts = {
    regular: await pdf.embedFont(files.regular, { subset: true, customName: `${subsetTag()}+DejaVuSans` }),
    bold: await pdf.embedFont(files.bold, { subset: true, customName: `${subsetTag()}+DejaVuSans-Bold` }),
  };
  const images = await Promise.all(input.cards.map((card) => pdf.embedPng(card.png)));
  // An uploaded logo is always a PNG (core/images.ts); one that does not embed leaves the name alone.
  const logo = input.logoPng ? await pdf.embedPng(input.logoPng).catch(() => null) : null;

  if (input.layout === 'a6') {
    input.cards.forEach((card, index) => {
      const page = pdf.addPage([A6.width, A6.height]);
      drawCard(page, { x: 0, y: 0, ...A6 }, fonts, input.restaurantName, card, images[index], logo, brand, languages);
    });
  } else {
    const slots: Array<{ x: number; y: number }> = [
      { x: 0, y: A4.height / 2 },
      { x: A4.width / 2, y: A4.height / 2 },
      { x: 0, y: 0 },
      { x: A4.width / 2, y: 0 },
    ];
    for (let start = 0; start < input.cards.length; start += 4) {
      const page = pdf.addPage([A4.width, A4.height]);
      drawCutLines(page);
      input.cards.slice(start, start + 4).forEach((card, offset) => {
        const box = { ...slots[offset], width: A4.width / 2, height: A4.height / 2 };
        drawCard(page, box, fonts, input.restaurantName, card, images[start + offset], logo, brand, languages);
      });
    }
  }
  return pdf.save();
}

/** What a worker needs to draw the cards: the URLs to encode rather than PNG bytes. */
export type TableCardsJob = {
  restaurantName: string;
  logoPng?: Uint8Array | null;
  cards: Array<{ tableLabel: string | null; isPrimary: boolean; url: string }>;
  layout: TQrCardsLayout;
  brand?: CardsBrand;
  languages?: Locale[];
};

/**
 * Pixels per QR module on the cards: 4 keeps every module a crisp square (PDF images are not smoothed
 * unless asked) while a 500-card sheet renders in ~7 s instead of ~22 s at the download's scale 8
 * (most of the time goes to encoding, decoding and re-compressing the pixels).
 */
const CARD_QR_SCALE = 4;

/** Encodes each URL as a QR PNG, then lays the cards out (runs inside the worker thread). */
export async function renderCardsPdfFromUrls(job: TableCardsJob): Promise<Uint8Array> {
  const cards: TableCard[] = [];
  for (const card of job.cards) cards.push({ tableLabel: card.tableLabel, isPrimary: card.isPrimary, png: await renderQrPng(card.url, CARD_QR_SCALE) });
  return renderCardsPdf({ restaurantName: job.restaurantName, logoPng: job.logoPng, cards, layout: job.layout, brand: job.brand, languages: job.languages });
}
