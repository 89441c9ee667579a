import type { Page } from 'playwright-core';
import { paths } from '../../../src/shared/paths';

/**
 * The owner pages a signed-in demo owner opens, with the ids they need read from the API (its venue, one of
 * its customers): the accessibility and HTML-validity suites walk the same list. `withEditor` adds the
 * email editor, whose canvas is GrapesJS's own DOM.
 */
export async function ownerPagePaths(page: Page, { withEditor }: { withEditor: boolean }): Promise<string[]> {
  const me = (await page.evaluate(async () => (await fetch('/api/me')).json())) as { restaurants: Array<{ id: string }> };
  const customers = (await page.evaluate(async () => (await fetch('/api/customers')).json())) as { items: Array<{ id: string }> };
  return [
    paths.dashboard.href(),
    paths.qr.href(),
    paths.customers.href(),
    paths.customer.href(customers.items[0].id),
    paths.loyalty.href(),
    paths.googleSettings.href(),
    paths.security.href(),
    paths.settings.href(),
    paths.automations.href(),
    ...(withEditor ? [paths.emailEditor.href('thanks_after_visit', me.restaurants[0].id)] : []),
  ];
}

/** Follows an entry of the owner menu as a person would: on a phone the menu opens first (its « Menu » button). */
export async function followOwnerMenu(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Espace restaurant' });
  const button = nav.getByRole('button', { name: 'Menu' });
  const link = nav.getByRole('link', { name, exact: true });
  // Whichever shows first once the layout has rendered: the link (a desktop, a short menu) or the button.
  await link.or(button).first().waitFor();
  if (await button.isVisible()) await button.click();
  await link.click();
}
