import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { customers, restaurants } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { escapeHtml } from '../../email/layout';
import { readUnsubscribeToken } from '../../email/unsubscribe';
import { clock } from '../../lib/clock';

/** A small page of its own: it must work from any mail client, without the app's JavaScript. */
function page(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ReFeed</title></head>
<body style="margin:0;background:#f6f5f2;font-family:system-ui,-apple-system,'Segoe UI',Arial,sans-serif;color:#1f2937">
<main style="max-width:480px;margin:0 auto;padding:48px 16px">
<p style="font-weight:700;font-size:20px;color:#c2410c;margin:0 0 16px">ReFeed</p>
<div style="background:#fff;border-radius:12px;padding:24px;line-height:1.5;box-shadow:0 1px 2px rgba(0,0,0,.06)">
<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(title)}</h1>${bodyHtml}</div></main></body></html>`;
}

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
