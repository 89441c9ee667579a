import { describe, expect, it } from 'vitest';
import { isAppPath, paths, VENUE_PAGES } from './paths';
import { venueBaseUrl, venueHref, venueOfPath, withoutVenue, withVenueQuery } from './venue';

const VENUE = '0b7c6c1e-5a3e-4b8f-9d2a-1f2e3d4c5b6a';

describe('the venue in an address (decision 056)', () => {
  it('puts a venue in front of an owner page and reads it back', () => {
    expect(venueHref(VENUE, '/avis?feedback=1')).toBe(`/v/${VENUE}/avis?feedback=1`);
    expect(venueOfPath(`/v/${VENUE}/avis`)).toBe(VENUE);
    expect(venueOfPath(`/v/${VENUE}`)).toBe(VENUE);
    expect(venueOfPath('/avis')).toBeNull();
    expect(venueOfPath('/vv/x/avis')).toBeNull();
    expect(withoutVenue(`/v/${VENUE}/customers/42?x=1`)).toBe('/customers/42?x=1');
    expect(withoutVenue(`/v/${VENUE}`)).toBe('/');
    expect(withoutVenue('/dashboard')).toBe('/dashboard');
  });

  it('names the venue in the query of an address the browser opens itself', () => {
    expect(withVenueQuery('/api/qr/cards.pdf?layout=a4', VENUE)).toBe(`/api/qr/cards.pdf?layout=a4&venue=${VENUE}`);
    expect(withVenueQuery('/api/qr/cards.pdf', VENUE)).toBe(`/api/qr/cards.pdf?venue=${VENUE}`);
    expect(withVenueQuery('/api/qr/cards.pdf', null)).toBe('/api/qr/cards.pdf');
  });

  it('builds the absolute base of a venue’s pages for email links', () => {
    expect(venueBaseUrl('https://app.refeed.fr/', VENUE)).toBe(`https://app.refeed.fr/v/${VENUE}`);
    expect(`${venueBaseUrl('https://app.refeed.fr', VENUE)}${paths.dashboard.href()}`).toBe(`https://app.refeed.fr/v/${VENUE}/dashboard`);
  });

  it('knows every owner page in a venue as a page of the app, and nothing else under /v/', () => {
    for (const key of VENUE_PAGES) {
      const path = paths[key].path.replace(/:[A-Za-z]+/g, 'x');
      expect(isAppPath(`/v/${VENUE}${path}`)).toBe(true);
      expect(isAppPath(path)).toBe(true);
    }
    expect(isAppPath(`/v/${VENUE}/admin`)).toBe(false);
    expect(isAppPath(`/v/${VENUE}/inconnu`)).toBe(false);
    expect(isAppPath(`/v/${VENUE}`)).toBe(false);
    expect(isAppPath('/v//dashboard')).toBe(false);
  });
});
