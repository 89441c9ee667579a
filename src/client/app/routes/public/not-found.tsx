import { paths } from '../../../config/paths';
import { SITE_EN, SITE_FR } from '../../../features/site/content';
import { SiteFooter } from '../../../features/site/components/site-footer';
import { SiteHeader } from '../../../features/site/components/site-header';
import { useDocumentLanguage } from '../../../features/site/components/landing-page';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';

/** An address that leads nowhere: in the tab's language (an English visitor's, ?lang=en), with the site's frame. */
export default function NotFoundPage() {
  const locale = useOwnerLocale();
  const m = useOwnerMessages();
  const content = locale === 'en' ? SITE_EN : SITE_FR;
  useDocumentLanguage(content.lang, `${m.accounts_not_found_title()} · ReFeed`);
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <SiteHeader content={content} anchors={false} />
      <main className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-6xl font-bold text-brand-700">404</p>
        <h1 className="text-2xl font-semibold">{m.accounts_not_found_title()}</h1>
        <p className="text-stone-600">{m.accounts_not_found_text()}</p>
        <a href={locale === 'en' ? paths.homeEn.href() : paths.home.href()} className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
          {m.accounts_back_home()}
        </a>
      </main>
      <SiteFooter content={content} />
    </div>
  );
}
