import { paths } from '../../config/paths';
import type { Action } from '../../../shared/rules/permissions';
import { cn } from '../../lib/cn';

/** The look of a link in the owner and admin headers; the active page is highlighted. */
export function headerNavLinkClass({ isActive }: { isActive: boolean }): string {
  return cn(
    'rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-stone-700 hover:bg-stone-100',
    isActive && 'bg-brand-50 text-brand-800 hover:bg-brand-100',
  );
}

/**
 * The action each owner page needs (shared/rules/permissions.ts), by its route pattern: a page the member's
 * role lacks is left out of the menu, and opening it shows the "not allowed" state (owner-layout) instead
 * of a page whose every request would be refused. Matched on the end of the path, so a prefix before the
 * page (the venue in the URL) does not change it.
 */
const PAGE_ACTIONS: ReadonlyArray<readonly [string, Action]> = [
  [paths.dashboard.path, 'dashboard.view'],
  [paths.reviews.path, 'reviews.view'],
  [paths.customer.path, 'customers.view'],
  [paths.customers.path, 'customers.view'],
  [paths.loyalty.path, 'loyalty.manage'],
  [paths.qr.path, 'qr.manage'],
  [paths.automations.path, 'automations.manage'],
  [paths.security.path, 'security.check'],
  [paths.googleSettings.path, 'settings.manage'],
  [paths.settings.path, 'settings.manage'],
  [paths.counter.path, 'counter.use'],
  [paths.pendingRewards.path, 'counter.use'],
  [paths.team.path, 'members.invite'],
];

const PAGE_PATTERNS = PAGE_ACTIONS.map(([path, action]) => [new RegExp(`${path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`), action] as const);

/** The action an owner page needs, or null for a page every member opens. */
export function pageActionOf(pathname: string): Action | null {
  return PAGE_PATTERNS.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

/** The menu items the member's role may open. */
export function navFor<Item extends { to: string }>(items: readonly Item[], permissions: readonly string[]): Item[] {
  return items.filter((item) => {
    const action = pageActionOf(item.to.split('?')[0]);
    return !action || permissions.includes(action);
  });
}
