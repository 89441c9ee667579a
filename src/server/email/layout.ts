import type { Locale } from '../../shared/rules/locales';
import { dinerEmailMessages } from './diner-messages';
import { ownerMessages } from '../../shared/i18n/owner';
import { escapeHtml } from './escape';

/** A stored logo's path made absolute for an email (mail clients know no relative address). */
export function absoluteLogoUrl(publicUrl: string, logoUrl: string | null): string | null {
  if (!logoUrl) return null;
  return logoUrl.startsWith('/') ? `${publicUrl.replace(/\/$/, '')}${logoUrl}` : logoUrl;
}

export { escapeHtml } from './escape';

export type EmailFrame = {
  /** Shown at the top: the restaurant's name (diner emails) or 'ReFeed'. */
  brandName?: string;
  /**
   * The restaurant's logo, shown above its name when it has one: the absolute address of an uploaded
   * logo in a sent email (`absoluteLogoUrl`), its `/storage/…` path in a preview.
   */
  logoUrl?: string | null;
  /** Extra HTML under the card, e.g. the unsubscribe link of a marketing email. */
  footerHtml?: string;
  /** The grey line after the card ('' for none: white label). */
  signature?: string;
  /** The restaurant's colour (#rrggbb) for its name at the top, under white label (decision 058). */
  brandColor?: string | null;
  /** The reader's language (decision 091): the document's `lang` and the logo's label; French by default. */
  locale?: Locale;
};

const FONT = "font-family:Arial,Helvetica,sans-serif";

/** The content width of every email, in pixels. */
export const EMAIL_WIDTH = 560;

/**
 * The shared frame of every email: one 560-pixel column built from tables with inline styles and hex
 * colours, the layout Gmail, Outlook and Apple Mail all render the same; it narrows to the screen on a
 * phone. Classic Outlook for Windows (Word's engine) ignores max-width: its conditional comments give it
 * a fixed 560-pixel table instead, and its 96-dpi setting keeps the sizes as written.
 */
export function wrapEmailHtml(bodyHtml: string, frame: EmailFrame = {}): string {
  const brand = escapeHtml(frame.brandName ?? 'ReFeed');
  const locale = frame.locale ?? 'fr';
  // An uploaded logo (core/images.ts) keeps its proportions: within 168 × 56 px, centred. It is the
  // background of a cell (VML for Outlook), not an <img>: a short email with one image and few words
  // scores HTML_IMAGE_ONLY in SpamAssassin (+1.1 to +2.8), the same email with its logo as a background
  // scores as without it (issue 48; tests/api/diner-email-spam.test.ts).
  const logoUrl = frame.logoUrl && /^(https?:\/\/|\/storage\/)/.test(frame.logoUrl) ? escapeHtml(frame.logoUrl) : null;
  const logo = logoUrl
    ? `<table role="presentation" align="center" cellpadding="0" cellspacing="0" border="0" style="margin:0 auto 8px"><tr><td role="img" aria-label="${escapeHtml(dinerEmailMessages(locale).logoLabel(frame.brandName ?? 'ReFeed'))}" width="168" height="56" background="${logoUrl}" style="width:168px;height:56px;background-image:url('${logoUrl}');background-position:center;background-repeat:no-repeat;background-size:contain"><!--[if gte mso 9]><v:rect xmlns:v="urn:schemas-microsoft-com:vml" fill="true" stroke="false" style="width:126pt;height:42pt"><v:fill type="frame" aspect="atmost" src="${logoUrl}" /></v:rect><![endif]--></td></tr></table>`
    : '';
  const signature = escapeHtml(frame.signature ?? ownerMessages('fr').emails_signature());
  const brandColor = frame.brandColor && /^#[0-9a-f]{6}$/i.test(frame.brandColor) ? frame.brandColor : '#c2410c';
  return `<!doctype html>
<html lang="${locale}" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="x-apple-disable-message-reformatting"><meta name="color-scheme" content="light"><title>${brand}</title>
<!--[if mso]><noscript><xml><o:OfficeDocumentSettings><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript><![endif]-->
</head>
<body style="margin:0;padding:0;background-color:#f6f5f2;-webkit-text-size-adjust:100%">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f6f5f2" style="background-color:#f6f5f2">
<tr><td align="center" style="padding:24px 12px">
<!--[if mso]><table role="presentation" width="${EMAIL_WIDTH}" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td width="${EMAIL_WIDTH}"><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:${EMAIL_WIDTH}px;width:100%">
<tr><td align="center" style="padding:0 0 16px;${FONT};font-size:20px;font-weight:bold;color:${brandColor}">${logo}${brand}</td></tr>
<tr><td bgcolor="#ffffff" style="background-color:#ffffff;border-radius:12px;padding:24px;${FONT};font-size:16px;line-height:1.5;color:#1f2937">${bodyHtml}</td></tr>
<tr><td style="padding:16px 8px 0;${FONT};font-size:12px;line-height:1.5;color:#57534e;text-align:center">${frame.footerHtml ?? ''}${signature ? `<p style="margin:8px 0 0">${signature}</p>` : ''}</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body></html>`;
}

/**
 * A call-to-action button that survives email clients, Outlook included: the padding and the colour are
 * on the table cell (Outlook ignores an inline link's padding), the link fills it elsewhere. No comment
 * or VML inside, so it survives the template sanitiser and render.ts can drop it when its link is empty.
 */
export function emailButton(href: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0"><tr><td align="center" bgcolor="#c2410c" style="background-color:#c2410c;border-radius:8px;padding:12px 20px"><a href="${escapeHtml(href)}" style="display:inline-block;${FONT};font-size:16px;line-height:20px;color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></td></tr></table>`;
}

/** The sign-off of the emails ReFeed writes (account, decisions, links), in the reader's language. */
export function emailClosing(signOff: string = ownerMessages('fr').emails_sign_off(), locale: Locale = 'fr'): string {
  return `<p style="margin:24px 0 0">${escapeHtml(dinerEmailMessages(locale).closing)}<br>${escapeHtml(signOff)}</p>`;
}

/**
 * Text whose line breaks matter (a refusal reason, a comment), escaped, its lines joined by <br>:
 * Outlook for Windows ignores white-space:pre-line and would run the lines together.
 */
export function preLineHtml(text: string): string {
  return escapeHtml(text.replace(/\r\n?/g, '\n').trim()).replace(/\n/g, '<br>');
}

/** True when the HTML is a whole document (e.g. from the visual editor) rather than a body fragment. */
export function isWholeDocument(html: string): boolean {
  return /<html[\s>]|<body[\s>]/i.test(html);
}

/** Adds `footerHtml` at the end of a whole document's body (the editor's design keeps its own frame). */
export function appendToBody(documentHtml: string, footerHtml: string): string {
  if (!footerHtml) return documentHtml;
  const block = `<div style="${FONT};font-size:12px;line-height:1.5;color:#57534e;text-align:center;padding:16px 8px">${footerHtml}</div>`;
  return /<\/body>/i.test(documentHtml) ? documentHtml.replace(/<\/body>(?![\s\S]*<\/body>)/i, `${block}</body>`) : documentHtml + block;
}
