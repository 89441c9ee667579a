import { MAIN_QR_LABEL } from '../schemas/qr';
import type { OwnerLocale } from './locales';

/** How the owner reads the main QR's stored default label (spec §9 stores « Main entrance »). */
export const MAIN_QR_LABEL_SHOWN = 'Entrée principale';

/**
 * A table label as the owner reads it: on /qr, in the /avis table filter and rows, in alerts and digests, on
 * the printed card. The stored value stays the spec's; this is the one place that maps it. An English owner
 * (issue #53) reads the stored « Main entrance » as is.
 */
export function qrLabelShown(label: string, locale?: OwnerLocale): string;
export function qrLabelShown(label: string | null | undefined, locale?: OwnerLocale): string | null;
export function qrLabelShown(label: string | null | undefined, locale: OwnerLocale = 'fr'): string | null {
  if (!label) return null;
  return label === MAIN_QR_LABEL && locale === 'fr' ? MAIN_QR_LABEL_SHOWN : label;
}
