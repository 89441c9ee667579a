import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setOwnerLocale } from '../../../lib/owner-locale';
import type { TCustomerCardItem } from '../../../../shared/schemas/customers';
import { CustomerCard } from './customer-card';

const base: TCustomerCardItem = { id: '5d0c8a7e-1b2c-4d3e-8f90-a1b2c3d4e5f6', firstName: null, lastName: null, email: null, unconfirmedEmail: null, phone: null, points: 30, lastVisitAt: '2023-08-01T19:00:00.000Z', anonymizedAt: null, visitCount: 4, pendingRewards: 0 };
const card = (customer: Partial<TCustomerCardItem>) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <CustomerCard customer={{ ...base, ...customer }} />
    </MemoryRouter>,
  );

afterEach(() => setOwnerLocale('fr'));

describe('a customer card', () => {
  it('names a record the retention job anonymised, and says when and why', () => {
    const html = card({ anonymizedAt: '2026-11-26T02:00:00.000Z' });
    expect(html).toContain('Fiche anonymisée');
    expect(html).toContain('Anonymisée le 26 novembre 2026 après une longue inactivité');
    expect(html).not.toContain('Client anonyme');
  });

  it('keeps “Client anonyme” for a device that never gave a name, and a diner’s own name otherwise, with no anonymisation mark', () => {
    expect(card({})).toContain('Client anonyme');
    const named = card({ firstName: 'Camille', lastName: 'Martin' });
    expect(named).toContain('Camille Martin');
    for (const html of [card({}), named]) expect(html).not.toContain('Anonymisée');
  });

  it('speaks English to an English owner (issue #53): the names, the mark, the counts and the date', () => {
    setOwnerLocale('en');
    const html = card({ pendingRewards: 2, points: 1234, visitCount: 1 });
    expect(html).toContain('Anonymous customer');
    expect(html).toContain('1,234 pts');
    expect(html).toContain('Visits:');
    expect(html).toContain('Last visit:');
    expect(html).toContain('1 August 2023');
    expect(html).toContain('2 rewards to hand over');
    expect(card({ pendingRewards: 1 })).toContain('1 reward to hand over');
    expect(card({ anonymizedAt: '2026-11-26T02:00:00.000Z' })).toContain('Anonymised on 26 November 2026 after a long period of inactivity');
    for (const french of ['Client anonyme', 'Visites', 'Dernière visite', 'récompense']) expect(html).not.toContain(french);
  });
});
