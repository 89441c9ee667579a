import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { SITE_FR } from '../content';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useDocumentLanguage } from './landing-page';

/** The date the terms, privacy policy and legal notice were last revised (shown on each). */
export const LEGAL_UPDATED_AT = '24 novembre 2026';

/** A French text page of the site (terms, privacy, legal notice): header, back button, sections, footer.
 * Prerendered and hydrated without a router, so it uses plain links and the browser history. */
export function SiteDocument({ title, children, showSignup = false }: { title: string; children: ReactNode; showSignup?: boolean }) {
  useDocumentLanguage('fr-FR', `${title} · ReFeed`);
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <SiteHeader content={SITE_FR} anchors={false} />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
        <Button variant="ghost" size="sm" onClick={() => (window.history.length > 1 ? window.history.back() : window.location.assign(paths.home.href()))}>
          <ArrowLeft aria-hidden="true" /> Retour
        </Button>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-stone-600">Dernière mise à jour : {LEGAL_UPDATED_AT}</p>
        <div className="mt-8">{children}</div>
        {showSignup ? (
          <Button asChild className="mt-10">
            <a href={paths.signup.href()}>Créer mon compte</a>
          </Button>
        ) : null}
      </main>
      <SiteFooter content={SITE_FR} />
    </div>
  );
}

/** Numbered sections of a site document. */
export function DocumentSections({ sections }: { sections: Array<{ title: string; text: ReactNode }> }) {
  return (
    <ol className="space-y-6">
      {sections.map((section, index) => (
        <li key={section.title}>
          <h2 className="text-lg font-semibold">
            {`${index + 1}. ${section.title}`}
          </h2>
          <div className="mt-1 text-stone-700">{section.text}</div>
        </li>
      ))}
    </ol>
  );
}
