import { describe, expect, it } from 'vitest';
import { VENUE_PAGES } from '../../config/paths';
import { ACTIONS } from '../../../shared/rules/permissions';
import { homePageOf, mayOpen, OWNER_MENU, ownerMenuOf, PAGE_ACTIONS, pageLabel, pageOf } from './header-nav';
import { testVenue } from './owner/test-venues';
import { ownerMessages } from '../../../shared/i18n/owner';

describe('the owner menu (header-nav.ts)', () => {
  it('maps every owner page to an action of the permission table', () => {
    for (const page of VENUE_PAGES) expect(ACTIONS).toContain(PAGE_ACTIONS[page]);
  });

  it('lists the fourteen entries once, in four groups', () => {
    const pages = OWNER_MENU.flatMap((group) => group.entries.map((entry) => entry.page));
    expect(pages).toHaveLength(14);
    expect(new Set(pages).size).toBe(14);
    expect(OWNER_MENU.map((group) => group.label)).toEqual(['Au quotidien', 'Collecte et fidélité', 'Organisation', 'Réglages']);
  });

  it('shows an owner every group, each link in the venue', () => {
    const menu = ownerMenuOf(testVenue('v1', 'owner'));
    expect(menu.flatMap((group) => group.items)).toHaveLength(14);
    expect(menu[0].items[0]).toEqual({ to: '/v/v1/dashboard', label: 'Tableau de bord', short: 'Accueil' });
  });

  it('shows the counter staff only the counter, and drops the empty groups', () => {
    const menu = ownerMenuOf(testVenue('v1', 'staff'));
    expect(menu).toEqual([{ label: 'Au quotidien', items: [{ to: '/v/v1/comptoir', label: 'Comptoir', short: undefined }] }]);
    expect(homePageOf(testVenue('v1', 'staff'))).toBe('counter');
    expect(mayOpen(testVenue('v1', 'staff'), 'customers')).toBe(false);
  });

  it('opens a manager on the dashboard, without the subscription', () => {
    const manager = testVenue('v1', 'manager');
    expect(homePageOf(manager)).toBe('dashboard');
    expect(ownerMenuOf(manager).flatMap((group) => group.items.map((item) => item.label))).not.toContain('Abonnement');
  });

  it('reads the page of an address without its venue, a record page included', () => {
    expect(pageOf('/avis')).toBe('reviews');
    expect(pageOf('/customers/123')).toBe('customer');
    expect(pageOf('/nulle-part')).toBeNull();
  });

  it('speaks the tab’s language: the same entries and groups in English', () => {
    const en = ownerMessages('en');
    const menu = ownerMenuOf(testVenue('v1', 'owner'), en);
    expect(menu.map((group) => group.label)).toEqual(['Day to day', 'Reviews and loyalty', 'Organisation', 'Set-up']);
    expect(menu[0].items[0]).toEqual({ to: '/v/v1/dashboard', label: 'Dashboard', short: 'Home' });
    expect(menu.flatMap((group) => group.items.map((item) => item.label))).toContain('Automatic emails');
    expect(pageLabel('counter', en)).toBe('Counter');
  });
});
