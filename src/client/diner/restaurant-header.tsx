import { useEffect } from 'react';
import type { Locale } from '../../shared/rules/locales';
import { LanguageSwitch, useI18n } from './i18n';

/** The frame of every diner page and its header (the feedback page and the card share them). */
export function Shell({ children }: { children: React.ReactNode }) {
  return <main className="mx-auto min-h-dvh w-full max-w-md px-4 pt-6 pb-10 sm:pt-12">{children}</main>;
}

/** Logo and name in boxes of fixed size: the skeleton and the loaded header take the same room. */
export function RestaurantHeader({
  page,
  tagline,
}: {
  page: { restaurant: { name: string; logoUrl: string | null; whiteLabel: boolean; brandColor: string | null; languages: readonly Locale[] } } | null;
  tagline?: string;
}) {
  const { m } = useI18n();
  const name = page?.restaurant.name;
  // White label (decision 058): the restaurant's colour (diner.css derives the shades) and no 'Propulsé par ReFeed'.
  const whiteLabel = page ? page.restaurant.whiteLabel : null;
  const brandColor = page?.restaurant.brandColor;
  useEffect(() => {
    if (whiteLabel === null) return;
    const root = document.documentElement;
    root.dataset.wl = whiteLabel ? '1' : '0';
    if (brandColor) root.style.setProperty('--brand', brandColor);
  }, [whiteLabel, brandColor]);
  return (
    <header className="flex h-18 items-center gap-4" aria-busy={!page}>
      <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-2xl bg-brand-100 ring-1 ring-brand-200">
        {page?.restaurant.logoUrl ? (
          <img src={page.restaurant.logoUrl} alt={m.logo_alt({ name: name ?? '' })} width={64} height={64} className="size-16 bg-white object-contain" />
        ) : name ? (
          <span aria-hidden="true" className="text-2xl font-bold text-brand-700">
            {name.charAt(0).toUpperCase()}
          </span>
        ) : (
          <span className="size-full animate-pulse bg-brand-100" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-brand-700">{tagline ?? m.tagline()}</p>
        {name ? (
          <h1 className="line-clamp-2 text-xl leading-6 font-bold text-stone-900">{name}</h1>
        ) : (
          <div className="mt-1 h-6 w-2/3 animate-pulse rounded-md bg-stone-200" role="presentation">
            <span className="sr-only">{m.loading()}</span>
          </div>
        )}
      </div>
      <LanguageSwitch languages={page?.restaurant.languages} />
    </header>
  );
}
