import { atRestaurant } from '../../../shared/rules/restaurant-name';
import { emailButton, emailClosing, escapeHtml, wrapEmailHtml } from '../layout';
import type { OutgoingMail } from '../transport';

/** The one-time link that proves the diner controls the address before their points are linked to it. */
export function renderLinkConfirmationEmail(data: { to: string; restaurantName: string; url: string; expiresInMinutes: number }): OutgoingMail {
  return {
    to: data.to,
    subject: `Confirmez votre email pour garder vos points – ${data.restaurantName}`,
    html: wrapEmailHtml(`<p>Bonjour,</p>
<p>Vous avez demandé à retrouver vos points de fidélité ${escapeHtml(atRestaurant(data.restaurantName))} avec cette adresse email.</p>
<p>Confirmez-la pour ajouter vos points :</p>
${emailButton(data.url, 'Confirmer et récupérer mes points')}
<p>Ce lien fonctionne une seule fois, pendant ${data.expiresInMinutes} minutes. Si vous n’êtes pas à l’origine de cette demande, ignorez cet email : rien ne sera modifié.</p>
${emailClosing(data.restaurantName)}`, { brandName: data.restaurantName, signature: 'Envoyé avec ReFeed' }),
  };
}
