import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Button } from '../../components/ui/button';
import { headerNavLinkClass } from './header-nav';

export type HeaderNavItem = { to: string; label: string; short?: string; end?: boolean };

/**
 * The header of the signed-in areas (owner and admin): brand on the left, sign-out on the right, and
 * the area's menu on its own line below them, wrapping on a phone instead of hiding links off-screen (the
 * owner menu has nine entries: beside the brand and sign-out it would wrap unevenly even at 1280 px).
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
        <nav aria-label={navLabel} className="-mx-1 flex w-full flex-wrap gap-1">
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
