import { LogOut } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { headerNavLinkClass } from './header-nav';

export type HeaderNavItem = { to: string; label: string; short?: string; end?: boolean };

/**
 * The header of the signed-in areas (owner and admin): brand on the left, sign-out on the right, and
 * the area's menu on its own line below them (the owner menu has up to fourteen entries: beside the brand
 * and sign-out it would wrap unevenly even at 1280 px). From 640 px the menu wraps; on a phone it is one
 * row that scrolls sideways, the current page scrolled into view, with a fade at the edge saying there is
 * more: a sticky header of six wrapped rows took a third of the screen.
 */
export function AppHeader({
  brand,
  aside,
  nav,
  navLabel,
  onSignOut,
  signingOut,
}: {
  brand: ReactNode;
  aside?: ReactNode;
  nav: HeaderNavItem[];
  navLabel: string;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const active = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (active && navRef.current && navRef.current.scrollWidth > navRef.current.clientWidth) {
      navRef.current.scrollLeft = active.offsetLeft - navRef.current.clientWidth / 2 + active.offsetWidth / 2;
    }
  }, [pathname]);
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        {brand}
        <div className="ml-auto flex items-center gap-3">
          {aside}
          <Button variant="outline" size="sm" onClick={onSignOut} disabled={signingOut}>
            <LogOut aria-hidden="true" />
            <span>Se déconnecter</span>
          </Button>
        </div>
        <nav
          ref={navRef}
          aria-label={navLabel}
          className="relative -mx-4 flex w-[calc(100%+2rem)] [scrollbar-width:none] gap-1 overflow-x-auto px-3 [mask-image:linear-gradient(to_right,transparent,black_0.75rem,black_calc(100%-2rem),transparent)] sm:mx-[-0.25rem] sm:w-full sm:flex-wrap sm:overflow-visible sm:px-0 sm:[mask-image:none]"
        >
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={headerNavLinkClass}>
              {item.short ? (
                <>
                  <span className="sm:hidden">{item.short}</span>
                  <span className="hidden sm:inline">{item.label}</span>
                </>
              ) : (
                item.label
              )}
            </NavLink>
          ))}
        </nav>
      </div>
    </header>
  );
}
