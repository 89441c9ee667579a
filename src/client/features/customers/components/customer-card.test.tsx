import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TCustomerCardItem } from '../../../../shared/schemas/customers';
import { CustomerCard } from './customer-card';

const base: TCustomerCardItem = { id: '5d0c8a7e-1b2c-4d3e-8f90-a1b2c3d4e5f6', firstName: null, lastName: null, email: null, unconfirmedEmail: null, phone: null, points: 30, lastVisitAt: '2023-08-01T19:00:00.000Z', anonymizedAt: null, visitCount: 4, pendingRewards: 0 };
const card = (customer: Partial<TCustomerCardItem>) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <CustomerCard customer={{ ...base, ...customer }} />
    </MemoryRouter>,
  );

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
});
