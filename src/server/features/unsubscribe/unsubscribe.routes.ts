import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { customers, restaurants } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { emailLandingPage as page } from '../../email/landing-page';
import { escapeHtml } from '../../email/layout';
import { readUnsubscribeToken } from '../../email/unsubscribe';
import { clock } from '../../lib/runtime/clock';

async function findCustomer(deps: AppDeps, customerId: string) {
  const [found] = await deps.db
    .select({ unsubscribedAt: customers.unsubscribedAt, restaurantName: restaurants.name })
    .from(customers)
    .innerJoin(restaurants, eq(restaurants.id, customers.restaurantId))
    .where(eq(customers.id, customerId));
  return found ?? null;
}

const INVALID = page('Lien de désinscription invalide', '<p>Ce lien n’est pas valide. Utilisez le lien « Se désinscrire » en bas du dernier email reçu.</p>');

/**
 * /u/{token}: unsubscribing from a restaurant's marketing emails. POST (the one-click of RFC 8058,
 * sent by mail clients without cookie or Origin, or the button below) takes effect at once; GET only
 * shows the page with that button, since link scanners open every URL of a mail.
 */
export function createUnsubscribeRoutes(deps: AppDeps) {
  return new Hono()
    .get('/:token', async (c) => {
      c.header('Cache-Control', 'no-store');
      const customerId = readUnsubscribeToken(deps.env.AUTH_SECRET, c.req.param('token'));
      if (!customerId) return c.html(INVALID, 404);
      const customer = await findCustomer(deps, customerId);
      if (customer?.unsubscribedAt || !customer) {
        return c.html(page('Désinscription confirmée', '<p>Vous ne recevrez plus d’emails de ce restaurant.</p>'));
      }
      const name = escapeHtml(customer.restaurantName);
      return c.html(
        page(
          'Se désinscrire',
          `<p>Vous ne recevrez plus d’emails du restaurant <strong>« ${name} »</strong> : ni remerciement, ni relance, ni offre. Vos points de fidélité sont conservés.</p>
<form method="post" style="margin:24px 0 0"><button type="submit" style="background:#c2410c;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:16px;font-weight:600;cursor:pointer">Me désinscrire</button></form>`,
        ),
      );
    })
    .post('/:token', async (c) => {
      c.header('Cache-Control', 'no-store');
      const customerId = readUnsubscribeToken(deps.env.AUTH_SECRET, c.req.param('token'));
      if (!customerId) return c.html(INVALID, 404);
      await deps.db
        .update(customers)
        .set({ unsubscribedAt: clock.now(), marketingConsent: false })
        .where(and(eq(customers.id, customerId), isNull(customers.unsubscribedAt)));
      const customer = await findCustomer(deps, customerId);
      const name = customer ? ` du restaurant <strong>« ${escapeHtml(customer.restaurantName)} »</strong>` : '';
      return c.html(page('Désinscription confirmée', `<p>C’est fait : vous ne recevrez plus d’emails${name}.</p>`));
    });
}
