import type { OwnerLocale } from '../../../../shared/rules/locales';
import { qrLabelShown } from '../../../../shared/rules/qr-label';

/**
 * A table label as the owner reads it in their language: the stored main label is the spec's English
 * (« Main entrance »), shown as is to an English owner and through qrLabelShown (« Entrée principale ») to a French one.
 */
export function tableLabelIn(label: string | null, locale: OwnerLocale): string | null {
  if (!label) return null;
  return locale === 'en' ? label : qrLabelShown(label);
}
