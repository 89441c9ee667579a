import { paths } from '../../../config/paths';
import { SITE_FR } from '../../../features/site/content';
import { SiteFooter } from '../../../features/site/components/site-footer';
import { SiteHeader } from '../../../features/site/components/site-header';
import { useDocumentLanguage } from '../../../features/site/components/landing-page';

export default function NotFoundPage() {
  useDocumentLanguage('fr-FR', 'Page introuvable · ReFeed');
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <SiteHeader content={SITE_FR} anchors={false} />
      <main className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-6xl font-bold text-brand-700">404</p>
        <h1 className="text-2xl font-semibold">Page introuvable</h1>
        <p className="text-stone-600">La page que vous cherchez n’existe pas ou a été déplacée.</p>
        <a href={paths.home.href()} className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
          Retour à l’accueil
        </a>
      </main>
      <SiteFooter content={SITE_FR} />
    </div>
  );
}
