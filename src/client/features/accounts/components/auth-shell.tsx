import { MessageSquareHeart } from 'lucide-react';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { setOwnerLocale, useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';
import { isOwnerLocale, OWNER_LOCALES, type OwnerLocale } from '../../../../shared/rules/locales';
import { LANG_PARAM } from '../lang-links';

/**
 * The language of a public page (sign-in, sign-up, recovery, pending…): `forced` when the page decides it
 * (the sign-up's country), else the address's `?lang=` (an English page's links carry it), else the tab's.
 * The tab follows it (owner-locale: the words, `<html lang>`, the API calls' Accept-Language).
 */
export function usePublicPageLocale(forced?: OwnerLocale): OwnerLocale {
  const [params] = useSearchParams();
  const query = params.get(LANG_PARAM);
  const wanted = forced ?? (isOwnerLocale(query) ? query : null);
  useLayoutEffect(() => {
    if (wanted) setOwnerLocale(wanted);
  }, [wanted]);
  const tab = useOwnerLocale();
  return wanted ?? tab;
}

/**
 * The page's FR/EN toggle: it switches the page in place (what was typed stays), and puts the language in
 * the address so that a reload or a shared link opens the page in it. `onChoose` replaces the default.
 */
function LanguageToggle({ current, onChoose }: { current: OwnerLocale; onChoose?: (next: OwnerLocale) => void }) {
  const [search, setSearch] = useSearchParams();
  const m = useOwnerMessages();
  function choose(next: OwnerLocale) {
    if (onChoose) return onChoose(next);
    const params = new URLSearchParams(search);
    params.set(LANG_PARAM, next);
    setOwnerLocale(next);
    setSearch(params, { replace: true, preventScrollReset: true });
  }
  return (
    <nav aria-label={m.shell_language()} className="absolute top-3 right-3 flex gap-1 text-sm sm:top-4 sm:right-4">
      {OWNER_LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option === 'en' ? 'en-GB' : 'fr'}
          aria-pressed={current === option}
          onClick={() => choose(option)}
          className={cn(
            'min-h-9 rounded-md px-3 font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
            current === option ? 'bg-brand-50 text-brand-800' : 'text-stone-600 hover:text-stone-900',
          )}
        >
          {option === 'fr' ? 'FR' : 'EN'}
        </button>
      ))}
    </nav>
  );
}

/**
 * The frame of the sign-in, sign-up and recovery pages: brand, the page's FR/EN toggle, a title and one
 * centred card. `language` forces the page's language (the sign-up's); `onChooseLanguage` replaces the
 * toggle's default (the sign-up keeps its country in the address too).
 */
export function AuthShell({
  title,
  description,
  children,
  footer,
  wide = false,
  language,
  onChooseLanguage,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  language?: OwnerLocale;
  onChooseLanguage?: (next: OwnerLocale) => void;
}) {
  const locale = usePublicPageLocale(language);
  useEffect(() => {
    document.title = `${title} · ReFeed`;
  }, [title]);
  return (
    <div className="relative flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 to-stone-50 px-4 py-8 sm:py-14">
      <LanguageToggle current={locale} onChoose={onChooseLanguage} />
      <Link to={paths.home.href()} className="mb-6 flex items-center gap-2 text-xl font-bold text-brand-700">
        <MessageSquareHeart className="size-7" aria-hidden="true" />
        ReFeed
      </Link>
      <main className={wide ? 'w-full max-w-2xl' : 'w-full max-w-md'}>
        <Card>
          <CardHeader className="text-center">
            <h1 className="text-2xl font-semibold leading-tight">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        {footer ? <div className="mt-6 text-center text-sm text-stone-600">{footer}</div> : null}
      </main>
    </div>
  );
}

/** A labelled form row; the label points at the control by id. */
export function Field({ id, label, hint, children }: { id: string; label: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The account summary could not be loaded (network or server down): say so and offer to retry. */
export function AccountLoadError({ onRetry }: { onRetry: () => void }) {
  const m = useOwnerMessages();
  return (
    <AuthShell title={m.shell_load_failed()} description={m.shell_load_failed_hint()}>
      <div role="alert" className="flex justify-center">
        <Button onClick={onRetry}>{m.shell_retry()}</Button>
      </div>
    </AuthShell>
  );
}
