import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HeaderMenu } from './header-menu';
import { ownerMenuOf } from './header-nav';
import { testVenue } from './owner/test-venues';

function renderMenu(role: 'owner' | 'staff', at = '/v/v1/avis') {
  const groups = ownerMenuOf(testVenue('v1', role));
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="*" element={<HeaderMenu groups={groups} label="Espace restaurant" />} />
      </Routes>
    </MemoryRouter>,
  );
}

const menuButton = () => screen.getByRole('button', { name: 'Menu' });
const panel = () => screen.getByTestId('menu-panel');

describe('the owner menu on a phone (HeaderMenu)', () => {
  it('puts a long menu behind a button that says whether it is open and names the current page', () => {
    renderMenu('owner');
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(menuButton().getAttribute('aria-controls')).toBe(panel().id);
    expect(panel().className).toMatch(/(^| )hidden( |$)/);
    expect(screen.getByTestId('menu-current').textContent).toBe('Avis');
  });

  it('opens on the first link, in labelled groups', async () => {
    const user = userEvent.setup();
    renderMenu('owner');
    await user.click(menuButton());
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(panel().className).not.toMatch(/(^| )hidden( |$)/);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Tableau de bord' }));
    expect(screen.getAllByRole('list').map((list) => list.getAttribute('aria-labelledby') && document.getElementById(list.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Au quotidien',
      'Collecte et fidélité',
      'Organisation',
      'Réglages',
    ]);
    expect(screen.getByRole('link', { name: 'Avis' }).getAttribute('aria-current')).toBe('page');
  });

  it('closes on Escape and gives the focus back to the button', async () => {
    const user = userEvent.setup();
    renderMenu('owner');
    await user.click(menuButton());
    await user.keyboard('{Escape}');
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menuButton());
  });

  it('closes once a link is followed', async () => {
    const user = userEvent.setup();
    renderMenu('owner');
    await user.click(menuButton());
    await user.click(screen.getByRole('link', { name: 'Équipe' }));
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('menu-current').textContent).toBe('Équipe');
  });

  it('closes on a click outside it', async () => {
    const user = userEvent.setup();
    renderMenu('owner');
    await user.click(menuButton());
    await user.click(document.body);
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps a short menu (the counter staff’s) as one row with no button', () => {
    renderMenu('staff', '/v/v1/comptoir');
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(panel().className).not.toMatch(/(^| )hidden( |$)/);
    expect(screen.getByRole('link', { name: 'Comptoir' })).toBeTruthy();
  });
});
