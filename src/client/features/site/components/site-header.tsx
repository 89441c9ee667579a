import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import type { SiteContent } from '../content';

/** The site's sticky header: brand, section anchors (from 1024 px), language toggle, sign-in and trial. */
export function SiteHeader({ content, anchors = true, otherHref = content.otherHome }: { content: SiteContent; anchors?: boolean; otherHref?: string }) {
  const links = [
    ['#demo', content.nav.demo],
    ['#how', content.nav.how],
    ['#features', content.nav.features],
    ['#pricing', content.nav.pricing],
    ['#faq', content.nav.faq],
  ] as const;
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-1 px-2.5 py-2.5 sm:gap-2 sm:px-4">
        <a href={content.home} className="shrink-0 text-lg font-bold text-brand-700 sm:text-xl">
          ReFeed
        </a>
        {anchors ? (
          <nav aria-label={content.nav.navLabel} className="hidden items-center gap-5 text-sm font-medium text-stone-700 lg:flex">
            {links.map(([href, label]) => (
              <a key={href} href={href} className="hover:text-brand-700">
                {label}
              </a>
            ))}
          </nav>
        ) : null}
        <div className="flex min-w-0 items-center gap-0.5 sm:gap-2">
          <a href={otherHref}
            className="rounded-md px-1.5 py-1.5 text-sm font-semibold text-stone-700 hover:bg-stone-100 sm:px-2"
            hrefLang={content.lang === 'fr-FR' ? 'en-GB' : 'fr-FR'}
            aria-label={content.otherLanguageLabel}
            data-testid="language-toggle"
          >
            {content.otherLanguageShort}
          </a>
          <Button asChild variant="ghost" size="sm" className="px-2 sm:px-3">
            <a href={content.links.signIn}>{content.signIn}</a>
          </Button>
          <Button asChild size="sm" className="px-2.5 sm:px-3">
            <a href={paths.signup.href(content.signupCountry)}>{content.trial}</a>
          </Button>
        </div>
      </div>
    </header>
  );
}
