import { CONTACT_EMAIL } from '../../../config/paths';
import type { SiteContent } from '../content';
import { CurrentYear } from './current-year';
import { Island } from './island';

/** Every public page's footer: terms, privacy, legal notice, contact and the other language. */
export function SiteFooter({ content, otherHref = content.otherHome }: { content: SiteContent; otherHref?: string }) {
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-stone-600 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-lg font-bold text-brand-700">ReFeed</p>
          <p className="mt-1 max-w-xs">{content.footer.tagline}</p>
        </div>
        <nav aria-label={content.footer.legal} className="flex flex-wrap gap-x-5 gap-y-2">
          <a href={content.links.terms} className="hover:text-stone-900 hover:underline">
            {content.footer.terms}
          </a>
          <a href={content.links.privacy} className="hover:text-stone-900 hover:underline">
            {content.footer.privacy}
          </a>
          <a href={content.links.legal} className="hover:text-stone-900 hover:underline">
            {content.footer.legal}
          </a>
          <a href={`mailto:${CONTACT_EMAIL}`} className="hover:text-stone-900 hover:underline">
            {content.footer.contact}
          </a>
          <a href={otherHref} hrefLang={content.lang === 'fr-FR' ? 'en-GB' : 'fr-FR'} className="hover:text-stone-900 hover:underline">
            {content.otherLanguageLabel}
          </a>
        </nav>
      </div>
      <p className="border-t border-stone-100 py-4 text-center text-xs text-stone-600">
        ©{' '}
        <Island name="year" inline>
          <CurrentYear />
        </Island>{' '}
        ReFeed. {content.footer.rights}
      </p>
    </footer>
  );
}
