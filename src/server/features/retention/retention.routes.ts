import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { dinerEmailMessages } from '../../email/diner-messages';
import { emailLandingPage as page, landingPageButton } from '../../email/landing-page';
import { escapeHtml as escape } from '../../email/layout';
import { localeFromAcceptLanguage } from '../../../shared/i18n/negotiate';
import { SOURCE_LOCALE } from '../../../shared/rules/locales';
import { customerLocale, readStayToken, stayMember } from './retention.service';

/**
 * /rester/{token}: 'Je reste membre' of the retention email (decision 045). GET shows the button only
 * (link scanners open every URL of a mail); its POST counts as activity. The page speaks the diner's
 * language (the reminder's, decision 091), else the browser's, else French.
 */
export function createRetentionRoutes(deps: AppDeps) {
  const localeOf = async (customerId: string | null, acceptLanguage: string | undefined) =>
    (customerId ? await customerLocale(deps.db, customerId) : null) ?? localeFromAcceptLanguage(acceptLanguage) ?? SOURCE_LOCALE;
  return new Hono()
    .get('/:token', async (c) => {
      c.header('Cache-Control', 'no-store');
      const customerId = readStayToken(deps.env.AUTH_SECRET, c.req.param('token'));
      const locale = await localeOf(customerId, c.req.header('accept-language'));
      const m = dinerEmailMessages(locale);
      if (!customerId) return c.html(page(m.stayInvalidTitle, `<p>${escape(m.stayInvalidBody)}</p>`, locale), 404);
      return c.html(page(m.retentionAsk, `<p>${escape(m.stayAskBody)}</p>\n${landingPageButton(m.retentionButton)}`, locale));
    })
    .post('/:token', async (c) => {
      c.header('Cache-Control', 'no-store');
      const customerId = readStayToken(deps.env.AUTH_SECRET, c.req.param('token'));
      const locale = await localeOf(customerId, c.req.header('accept-language'));
      const m = dinerEmailMessages(locale);
      if (!customerId) return c.html(page(m.stayInvalidTitle, `<p>${escape(m.stayInvalidBody)}</p>`, locale), 404);
      const stayed = await stayMember(deps.db, customerId);
      if (!stayed) return c.html(page(m.stayGoneTitle, `<p>${escape(m.stayGoneBody)}</p>`, locale), 410);
      return c.html(page(m.stayDoneTitle, `<p>${m.stayDoneBodyHtml(stayed.restaurantName)}</p>`, locale));
    });
}
