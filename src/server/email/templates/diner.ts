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

/**
 * The restaurant's private reply to a diner's feedback: the owner's own words (plain text, every line
 * escaped), and the reward offered with it when there is one.
 */
export function renderFeedbackReplyEmail(data: { to: string; restaurantName: string; logoUrl?: string | null; subject: string; message: string; rewardLabel: string | null; footerHtml?: string }): OutgoingMail {
  const paragraphs = data.message
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const gift = data.rewardLabel
    ? `<p style="padding:12px;border-radius:8px;background:#f0fdf4">🎁 Pour votre prochaine visite, le restaurant vous offre : <strong>${escapeHtml(data.rewardLabel)}</strong>. Présentez-vous simplement avec l’adresse email à laquelle vous avez reçu ce message.</p>`
    : '';
  return {
    to: data.to,
    subject: data.subject,
    // The text part is made from the whole HTML (render.ts): the message, the gift and the unsubscribe line.
    html: wrapEmailHtml(`${paragraphs}\n${gift}`, { brandName: data.restaurantName, logoUrl: data.logoUrl ?? null, footerHtml: data.footerHtml ?? '' }),
  };
}
