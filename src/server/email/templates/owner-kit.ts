import { ownerMessages, type OwnerMessages } from '../../../shared/i18n/owner';
import type { OwnerLocale } from '../../../shared/rules/locales';
import { withLang } from '../../../shared/rules/lang-link';
import { emailClosing, escapeHtml, wrapEmailHtml } from '../layout';

/*
 * The account and owner emails ReFeed writes, in the recipient's language (issue #53, decision 097): French
 * (the spec's wording) or English. Their words live in the owner catalogue's `emails` area
 * (src/shared/i18n/owner/messages/emails/<locale>.json); messages holding markup take values escaped here.
 * The layout is the emails' one (layout.ts) in that language; the links open the pages in it (`withLang`).
 */

/** The words, the frame and the sign-off of an owner email in `locale`. */
export function ownerEmailKit(locale: OwnerLocale): {
  m: OwnerMessages;
  wrap: (bodyHtml: string) => string;
  closing: () => string;
  /** « Bonjour Alice, » / « Bonjour, » (the name escaped here). */
  hello: (firstName: string | null | undefined) => string;
  link: (href: string) => string;
} {
  const m = ownerMessages(locale);
  return {
    m,
    wrap: (bodyHtml) => wrapEmailHtml(bodyHtml, { locale, signature: m.emails_signature() }),
    closing: () => emailClosing(m.emails_sign_off(), locale),
    hello: (firstName) => (firstName ? m.emails_hello_name({ name: escapeHtml(firstName) }) : m.emails_hello()),
    link: (href) => withLang(href, locale),
  };
}
