import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { emailLandingPage as page } from '../../email/landing-page';
import { escapeHtml } from '../../email/layout';
import { readStayToken, stayMember } from './retention.service';

const INVALID = page('Lien invalide', '<p>Ce lien n’est pas valide. Utilisez le bouton « Je reste membre » du dernier email reçu.</p>');
const GONE = page('Données déjà anonymisées', '<p>Vos données de fidélité ont déjà été anonymisées. Donnez votre avis lors de votre prochaine visite pour cumuler à nouveau des points.</p>');

/**
 * /rester/{token}: 'Je reste membre' of the retention email (decision 045). GET shows the button only
 * (link scanners open every URL of a mail); its POST counts as activity.
 */
export function createRetentionRoutes(deps: AppDeps) {
  return new Hono()
    .get('/:token', (c) => {
      c.header('Cache-Control', 'no-store');
      if (!readStayToken(deps.env.AUTH_SECRET, c.req.param('token'))) return c.html(INVALID, 404);
      return c.html(
        page(
          'Souhaitez-vous rester membre ?',
          `<p>Confirmez pour garder vos points et vos informations de fidélité : rien ne sera anonymisé.</p>
<form method="post" style="margin:24px 0 0"><button type="submit" style="background:#c2410c;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:16px;font-weight:600;cursor:pointer">Je reste membre</button></form>`,
        ),
      );
    })
    .post('/:token', async (c) => {
      c.header('Cache-Control', 'no-store');
      const customerId = readStayToken(deps.env.AUTH_SECRET, c.req.param('token'));
      if (!customerId) return c.html(INVALID, 404);
      const stayed = await stayMember(deps.db, customerId);
      if (!stayed) return c.html(GONE, 410);
      return c.html(page('Merci, vous restez membre', `<p>C’est noté : vos points et vos informations sont conservés chez <strong>« ${escapeHtml(stayed.restaurantName)} »</strong>.</p>`));
    });
}
