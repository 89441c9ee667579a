import { Menu, X } from 'lucide-react';
import { useId } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { headerNavLinkClass, type HeaderNavGroup, type HeaderNavItem } from './header-nav';
import { useMenuDisclosure } from './use-menu-disclosure';

/** Up to this many entries, a phone shows the menu as one row; past it, behind a « Menu » button. */
export const INLINE_MENU_MAX = 5;

const isActive = (item: HeaderNavItem, pathname: string) => matchPath({ path: item.to, end: item.end ?? false }, pathname) !== null;

/**
 * The menu of a signed-in area, in labelled groups. From 640 px it is always shown, the groups side by
 * side and wrapping, a wider gap between them. On a phone a short menu (the admin's, the counter staff's) is one
 * row; a longer one (the owner's fourteen entries) sits behind a « Menu » button that names the current
 * page and opens the groups in two columns (useMenuDisclosure: Escape, focus, outside click).
 */
export function HeaderMenu({ groups, label }: { groups: HeaderNavGroup[]; label: string }) {
  const { pathname } = useLocation();
  const { open, toggle, onBlur, containerRef, buttonRef, panelRef } = useMenuDisclosure();
  const panelId = useId();
  const items = groups.flatMap((group) => group.items);
  const collapsible = items.length > INLINE_MENU_MAX;
  const current = items.find((item) => isActive(item, pathname));
  return (
    <nav ref={containerRef} aria-label={label} onBlur={onBlur} className="-mx-1 w-[calc(100%+0.5rem)]">
      {collapsible ? (
        <div className="flex items-center gap-3 px-1 sm:hidden">
          <Button ref={buttonRef} variant="outline" size="sm" aria-expanded={open} aria-controls={panelId} onClick={toggle}>
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span>Menu</span>
          </Button>
          {current ? (
            <span className="truncate text-sm font-medium text-stone-700" data-testid="menu-current">
              {current.label}
            </span>
          ) : null}
        </div>
      ) : null}
      <div
        ref={panelRef}
        id={panelId}
        data-testid="menu-panel"
        className={cn(
          collapsible ? (open ? 'grid max-h-[70dvh] grid-cols-2 gap-x-2 gap-y-4 overflow-y-auto pt-3 pb-1' : 'hidden') : 'flex gap-1 overflow-x-auto',
          'sm:flex sm:flex-wrap sm:items-center sm:gap-x-5 sm:gap-y-1 sm:overflow-visible sm:pt-0 sm:pb-0',
        )}
      >
        {groups.map((group, index) => (
          <MenuGroup key={group.label || index} group={group} stacked={collapsible} />
        ))}
      </div>
    </nav>
  );
}

function MenuGroup({ group, stacked }: { group: HeaderNavGroup; stacked: boolean }) {
  const headingId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center">
      {group.label ? (
        <span id={headingId} className={cn('px-3 text-xs font-semibold tracking-wide text-stone-500 uppercase sm:sr-only', !stacked && 'sr-only')}>
          {group.label}
        </span>
      ) : null}
      <ul aria-labelledby={group.label ? headingId : undefined} className={cn('flex gap-1', stacked ? 'flex-col sm:flex-row' : 'flex-row')}>
        {group.items.map((item) => (
          <li key={item.to} className="flex">
            <NavLink to={item.to} end={item.end} className={(state) => cn(headerNavLinkClass(state), stacked && 'w-full py-2.5 sm:w-auto sm:py-1.5')}>
              {item.short && !stacked ? (
                <>
                  <span className="sm:hidden">{item.short}</span>
                  <span className="hidden sm:inline">{item.label}</span>
                </>
              ) : (
                item.label
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
