import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { HeaderMenu } from './header-menu';
import type { HeaderNavGroup, HeaderNavItem } from './header-nav';

export type { HeaderNavItem };

/**
 * The header of the signed-in areas (owner and admin): brand on the left, sign-out on the right, and the
 * area's menu on its own line below them (HeaderMenu: grouped; on a phone a long menu sits behind a button).
 * `nav` is the menu's entries, or its groups.
 */
export function AppHeader({
  brand,
  aside,
  nav,
  navLabel,
  onSignOut,
  signingOut,
  signOutLabel = 'Se déconnecter',
}: {
  brand: ReactNode;
  aside?: ReactNode;
  nav: HeaderNavItem[] | HeaderNavGroup[];
  navLabel: string;
  onSignOut: () => void;
  signingOut: boolean;
  /** The owner's product passes it in the tab's language; the admin console stays French. */
  signOutLabel?: string;
}) {
  const groups = nav.length > 0 && 'items' in nav[0] ? (nav as HeaderNavGroup[]) : [{ label: '', items: nav as HeaderNavItem[] }];
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        {brand}
        <div className="ml-auto flex min-w-0 items-center gap-1.5 sm:gap-3">
          {aside}
          <Button variant="outline" size="sm" onClick={onSignOut} disabled={signingOut} title={signOutLabel} className="px-2.5 sm:px-3">
            <LogOut aria-hidden="true" />
            {/* On a phone the icon alone (its name for screen readers): the brand, the language and the venue keep their room. */}
            <span className="sr-only sm:not-sr-only">{signOutLabel}</span>
          </Button>
        </div>
        <HeaderMenu groups={groups} label={navLabel} />
      </div>
    </header>
  );
}
