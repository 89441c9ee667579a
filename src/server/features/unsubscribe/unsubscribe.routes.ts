import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { customers, restaurants } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { dinerEmailMessages } from '../../email/diner-messages';
import { emailLandingPage as page, landingPageButton } from '../../email/landing-page';
import { escapeHtml } from '../../email/layout';
import { readUnsubscribeToken } from '../../email/unsubscribe';
import { clock } from '../../lib/runtime/clock';
import { localeFromAcceptLanguage } from '../../../shared/i18n/negotiate';
import { isLocale, SOURCE_LOCALE, type Locale } from '../../../shared/rules/locales';

async function findCustomer(deps: AppDeps, customerId: string) {
  const [found] = await deps.db
    .select({ unsubscribedAt: customers.unsubscribedAt, restaurantName: restaurants.name, lang: customers.lang })
    .from(customers)
    .innerJoin(restaurants, eq(restaurants.id, customers.restaurantId))
    .where(eq(customers.id, customerId));
  return found ?? null;
}

/** The page's language: the diner's (their emails', decision 091), else the browser's, else French. */
function localeOf(customer: { lang: string | null } | null, acceptLanguage: string | undefined): Locale {
  return (isLocale(customer?.lang) ? customer.lang : null) ?? localeFromAcceptLanguage(acceptLanguage) ?? SOURCE_LOCALE;
}

/**
 * /u/{token}: unsubscribing from a restaurant's marketing emails. POST (the one-click of RFC 8058,
 * sent by mail clients without cookie or Origin, or the button below) takes effect at once; GET only
 * shows the page with that button, since link scanners open every URL of a mail.
 */
export function createUnsubscribeRoutes(deps: AppDeps) {
  const invalid = (locale: Locale) => {
    const m = dinerEmailMessages(locale);
    return page(m.unsubInvalidTitle, `<p>${escapeHtml(m.unsubInvalidBody)}</p>`, locale);
  };
  return new Hono()
    .get('/:token', async (c) => {
      c.header('Cache-Control', 'no-store');
      const customerId = readUnsubscribeToken(deps.env.AUTH_SECRET, c.req.param('token'));
      if (!customerId) return c.html(invalid(localeOf(null, c.req.header('accept-language'))), 404);
      const customer = await findCustomer(deps, customerId);
      const locale = localeOf(customer, c.req.header('accept-language'));
      const m = dinerEmailMessages(locale);
      if (customer?.unsubscribedAt || !customer) {
        return c.html(page(m.unsubDoneTitle, `<p>${escapeHtml(m.unsubDoneGeneric)}</p>`, locale));
      }
      return c.html(page(m.unsubscribe, `<p>${m.unsubBodyHtml(customer.restaurantName)}</p>\n${landingPageButton(m.unsubButton)}`, locale));
    })
    .post('/:token', async (c) => {
      c.header('Cache-Control', 'no-store');
      const customerId = readUnsubscribeToken(deps.env.AUTH_SECRET, c.req.param('token'));
      if (!customerId) return c.html(invalid(localeOf(null, c.req.header('accept-language'))), 404);
      await deps.db
        .update(customers)
        .set({ unsubscribedAt: clock.now(), marketingConsent: false })
        .where(and(eq(customers.id, customerId), isNull(customers.unsubscribedAt)));
      const customer = await findCustomer(deps, customerId);
      const locale = localeOf(customer, c.req.header('accept-language'));
      const m = dinerEmailMessages(locale);
      return c.html(page(m.unsubDoneTitle, `<p>${m.unsubDoneHtml(customer?.restaurantName ?? null)}</p>`, locale));
    });
}
