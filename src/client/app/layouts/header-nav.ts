import { cn } from '../../lib/cn';
import type { Action } from '../../../shared/rules/permissions';

/** The look of a link in the owner and admin headers; the active page is highlighted. */
export function headerNavLinkClass({ isActive }: { isActive: boolean }): string {
  return cn(
    'rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-stone-700 hover:bg-stone-100',
    isActive && 'bg-brand-50 text-brand-800 hover:bg-brand-100',
  );
}

/**
 * The menu entries the member's role may open: an entry naming an action (shared/rules/permissions.ts) shows
 * only when `permissions` (the venue's, from /api/me) holds it; an entry without one shows to every role.
 */
export function navForPermissions<T extends { action?: Action }>(items: readonly T[], permissions: readonly string[]): T[] {
  return items.filter((item) => !item.action || permissions.includes(item.action));
}
