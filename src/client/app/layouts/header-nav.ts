import { matchPath } from 'react-router';
import { VENUE_PAGES } from '../../config/paths';
import { cn } from '../../lib/cn';
import type { Action } from '../../../shared/rules/permissions';
import { paths as routes } from '../../../shared/paths';
import { venueHref } from '../../../shared/venue';
import type { TMeResponse } from '../../../shared/schemas/accounts';
import { ownerMessages, type OwnerMessages } from '../../../shared/i18n/owner';

export type VenuePage = (typeof VENUE_PAGES)[number];
export type Venue = TMeResponse['restaurants'][number];

/** What each owner page needs of the member's role (shared/rules/permissions.ts): the API refuses the same. */
export const PAGE_ACTIONS: Record<VenuePage, Action> = {
  dashboard: 'dashboard.view',
  reviews: 'reviews.view',
  customers: 'customers.view',
  customer: 'customers.view',
  loyalty: 'loyalty.manage',
  qr: 'qr.manage',
  automations: 'automations.manage',
  security: 'security.check',
  googleSettings: 'settings.manage',
  settings: 'settings.manage',
  counter: 'counter.use',
  pendingRewards: 'counter.use',
  team: 'members.invite',
  venues: 'dashboard.view',
  venuesSynthesis: 'dashboard.view',
  subscription: 'organisation.manage',
  developers: 'api.manage',
  webhooks: 'api.manage',
  webhookEndpoint: 'api.manage',
};

type MenuEntry = { page: VenuePage; label: string; short?: string };
type MenuGroup = { label: string; entries: MenuEntry[] };

/**
 * The owner menu in the words of `m` (the tab's language), in groups and in order (issue 53: fourteen
 * entries in one row scrolled sideways on a phone). An entry shows only to a role that may open its page;
 * a group with no entry left is not shown.
 */
export function ownerMenu(m: OwnerMessages): ReadonlyArray<MenuGroup> {
  return [
    {
      label: m.shell_menu_daily(),
      entries: [
        { page: 'dashboard', label: m.shell_page_dashboard(), short: m.shell_page_dashboard_short() },
        { page: 'reviews', label: m.shell_page_reviews() },
        { page: 'counter', label: m.shell_page_counter() },
        { page: 'customers', label: m.shell_page_customers() },
      ],
    },
    {
      label: m.shell_menu_collect(),
      entries: [
        { page: 'qr', label: m.shell_page_qr() },
        { page: 'googleSettings', label: m.shell_page_review_link() },
        { page: 'loyalty', label: m.shell_page_loyalty() },
        { page: 'automations', label: m.shell_page_automations() },
      ],
    },
    {
      label: m.shell_menu_organisation(),
      entries: [
        { page: 'venues', label: m.shell_page_venues() },
        { page: 'team', label: m.shell_page_team() },
        { page: 'subscription', label: m.shell_page_subscription() },
      ],
    },
    {
      label: m.shell_menu_settings(),
      entries: [
        { page: 'settings', label: m.shell_page_settings() },
        { page: 'security', label: m.shell_page_security() },
        { page: 'developers', label: m.shell_page_developers() },
      ],
    },
  ];
}

const FRENCH = ownerMessages('fr');
/** The owner menu in French (the product's source words). */
export const OWNER_MENU = ownerMenu(FRENCH);

const MENU_ENTRIES = OWNER_MENU.flatMap((group) => group.entries);

/** The owner page an address (without its venue) shows. */
export function pageOf(pathname: string): VenuePage | null {
  return VENUE_PAGES.find((key) => matchPath(routes[key].path, pathname)) ?? null;
}

/** Whether the member's role in `venue` may open `page`. */
export const mayOpen = (venue: Pick<Venue, 'permissions'>, page: VenuePage) => venue.permissions.includes(PAGE_ACTIONS[page]);

/** The first page of the menu the role may open (the counter for the counter staff). */
export function homePageOf(venue: Pick<Venue, 'permissions'>): VenuePage {
  return MENU_ENTRIES.find((entry) => mayOpen(venue, entry.page))?.page ?? 'counter';
}

/** A page's menu label in `m`'s language ('Comptoir' for a page the menu does not list). */
export const pageLabel = (page: VenuePage, m: OwnerMessages = FRENCH) =>
  ownerMenu(m)
    .flatMap((group) => group.entries)
    .find((entry) => entry.page === page)?.label ?? m.shell_page_counter();

/** The address of a page without parameters in `venue`. */
export const venuePageHref = (venueId: string, page: VenuePage) => venueHref(venueId, (routes[page].href as () => string)());

export type HeaderNavItem = { to: string; label: string; short?: string; end?: boolean };
export type HeaderNavGroup = { label: string; items: HeaderNavItem[] };

/** The menu a member of `venue` sees, in `m`'s language: the groups, each with the entries the role may open. */
export function ownerMenuOf(venue: Pick<Venue, 'id' | 'permissions'>, m: OwnerMessages = FRENCH): HeaderNavGroup[] {
  return ownerMenu(m).map((group) => ({
    label: group.label,
    items: group.entries
      .filter((entry) => mayOpen(venue, entry.page))
      .map((entry) => ({ to: venuePageHref(venue.id, entry.page), label: entry.label, short: entry.short })),
  })).filter((group) => group.items.length > 0);
}

/** The look of a link in the owner and admin headers; the active page is highlighted. */
export function headerNavLinkClass({ isActive }: { isActive: boolean }): string {
  return cn(
    'rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-stone-700 hover:bg-stone-100',
    isActive && 'bg-brand-50 text-brand-800 hover:bg-brand-100',
  );
}
