import { describe, expect, it } from 'vitest';
import { testMe, testVenue } from './test-venues';
import { venueOfAddress } from './venue-of-address';
import { switchTarget } from './venue-switcher';

const at = (pathname: string, venueId?: string) => ({ venueId, pathname, search: '', hash: '' });

describe('the venue an owner address opens (venueOfAddress)', () => {
  const owner = testMe([testVenue('a', 'owner'), testVenue('b', 'owner')]);

  it('opens a bare address in the venue used last, keeping its query and anchor', () => {
    expect(venueOfAddress(owner, { venueId: undefined, pathname: '/avis', search: '?feedback=f1', hash: '#x' }, 'b')).toEqual({ kind: 'redirect', to: '/v/b/avis?feedback=f1#x' });
  });

  it('opens the venue of the address with its page', () => {
    const resolved = venueOfAddress(owner, at('/v/b/avis', 'b'), null);
    expect(resolved).toMatchObject({ kind: 'ready', page: 'reviews', home: '/v/b/dashboard', allowed: true });
    expect(resolved.kind === 'ready' && resolved.venue.id).toBe('b');
  });

  it('does not open a venue the account has no access to, and leads to its own', () => {
    expect(venueOfAddress(owner, at('/v/zzz/avis', 'zzz'), null)).toEqual({ kind: 'not-found', home: '/v/a/dashboard' });
  });

  it('applies the owner gate of the venue', () => {
    const me = testMe([testVenue('a', 'owner', { status: 'suspended', suspensionReason: 'Impayé' })]);
    expect(venueOfAddress(me, at('/v/a/avis', 'a'), null)).toMatchObject({ kind: 'suspended', venue: { suspensionReason: 'Impayé' } });
    const unverified = testMe([testVenue('a', 'owner', { emailVerified: false })], false);
    expect(venueOfAddress(unverified, at('/v/a/avis', 'a'), null).kind).toBe('email-not-verified');
  });

  it('sends the counter staff from the dashboard to the counter, and refuses the pages of other roles', () => {
    const staff = testMe([testVenue('a', 'staff')]);
    expect(venueOfAddress(staff, at('/v/a/dashboard', 'a'), null)).toEqual({ kind: 'redirect', to: '/v/a/comptoir' });
    expect(venueOfAddress(staff, at('/v/a/equipe', 'a'), null)).toMatchObject({ kind: 'ready', page: 'team', allowed: false });
  });
});

describe('the venue switcher (switchTarget)', () => {
  it('keeps the section, opens a record page’s list, and falls back to the role’s first page', () => {
    expect(switchTarget(testVenue('b', 'owner'), 'loyalty')).toBe('/v/b/loyalty');
    expect(switchTarget(testVenue('b', 'owner'), 'customer')).toBe('/v/b/customers');
    expect(switchTarget(testVenue('b', 'staff'), 'loyalty')).toBe('/v/b/comptoir');
  });
});
