import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { SITE_PAGE_COUNTERPART } from '../../../../shared/site-meta';
import { SITE_FR, type SiteContent } from '../content';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useDocumentLanguage } from './landing-page';

/** The date the French terms, privacy policy and legal notice were last revised (shown on each). */
export const LEGAL_UPDATED_AT = SITE_FR.document.updatedAt;

/**
 * A text page of the site (terms, privacy, legal notice) in the content's language: header, back button,
 * sections, footer; the language links lead to the same document in the other language (`path`).
 * Prerendered and hydrated without a router, so it uses plain links and the browser history.
 */
export function SiteDocument({
  title,
  children,
  showSignup = false,
  content = SITE_FR,
  path,
}: {
  title: string;
  children: ReactNode;
  showSignup?: boolean;
  content?: SiteContent;
  /** The page's own path, whose counterpart the language links open. */
  path?: string;
}) {
  useDocumentLanguage(content.lang, `${title} · ReFeed`);
  const otherHref = (path && SITE_PAGE_COUNTERPART[path]) || content.otherHome;
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <SiteHeader content={content} anchors={false} otherHref={otherHref} />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
        <Button variant="ghost" size="sm" onClick={() => (window.history.length > 1 ? window.history.back() : window.location.assign(content.home))}>
          <ArrowLeft aria-hidden="true" /> {content.document.back}
        </Button>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-stone-600">
          {content.document.updated} {content.document.updatedAt}
        </p>
        <div className="mt-8">{children}</div>
        {showSignup ? (
          <Button asChild className="mt-10">
            <a href={paths.signup.href(content.signupCountry)}>{content.document.signup}</a>
          </Button>
        ) : null}
      </main>
      <SiteFooter content={content} otherHref={otherHref} />
    </div>
  );
}

/** Numbered sections of a site document. */
export function DocumentSections({ sections }: { sections: Array<{ title: string; text: ReactNode }> }) {
  return (
    <ol className="space-y-6">
      {sections.map((section, index) => (
        <li key={section.title}>
          <h2 className="text-lg font-semibold">{`${index + 1}. ${section.title}`}</h2>
          <div className="mt-1 text-stone-700">{section.text}</div>
        </li>
      ))}
    </ol>
  );
}
