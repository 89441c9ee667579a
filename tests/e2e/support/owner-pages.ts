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
