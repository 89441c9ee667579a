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

/** 'Mes données': the one-time link that confirms the erasure of the diner's data (decision 045). */
export function renderDataErasureEmail(data: { to: string; restaurantName: string; url: string; expiresInMinutes: number }): OutgoingMail {
  return {
    to: data.to,
    subject: `Confirmez l’effacement de vos données – ${data.restaurantName}`,
    html: wrapEmailHtml(`<p>Bonjour,</p>
<p>Vous avez demandé l’effacement des données que le restaurant ${escapeHtml(data.restaurantName)} détient sur vous : identité, contact, visites, notes, points de fidélité et emails reçus.</p>
<p>Confirmez-le en ouvrant ce lien :</p>
${emailButton(data.url, 'Confirmer l’effacement')}
<p>L’effacement est définitif : vos points et récompenses seront perdus. Ce lien fonctionne une seule fois, pendant ${data.expiresInMinutes} minutes. Si vous n’êtes pas à l’origine de cette demande, ignorez cet email : rien ne sera effacé.</p>
${emailClosing(data.restaurantName)}`, { brandName: data.restaurantName, signature: 'Envoyé avec ReFeed' }),
  };
}

/**
 * The retention reminder (decision 045): a month before a diner's data is anonymised for inactivity, a
 * last email to those with consent, with a link to stay (which counts as activity).
 */
export function renderRetentionReminderEmail(data: { to: string; restaurantName: string; logoUrl?: string | null; url: string; firstName: string | null; retentionYears: string; footerHtml?: string }): OutgoingMail {
  const hello = data.firstName ? `Bonjour ${escapeHtml(data.firstName)},` : 'Bonjour,';
  return {
    to: data.to,
    subject: `Souhaitez-vous rester membre ? – ${data.restaurantName}`,
    html: wrapEmailHtml(`<p>${hello}</p>
<p>Nous ne vous avons pas vu ${escapeHtml(atRestaurant(data.restaurantName))} depuis longtemps. Sans nouvelle de votre part, vos données de fidélité (nom, email, téléphone, points) seront anonymisées dans un mois, comme prévu après ${escapeHtml(data.retentionYears)} sans visite.</p>
<p>Souhaitez-vous rester membre ?</p>
${emailButton(data.url, 'Je reste membre')}
<p>Si vous ne faites rien, vos données seront anonymisées : vous ne recevrez plus nos emails.</p>
${emailClosing(data.restaurantName)}`, { brandName: data.restaurantName, logoUrl: data.logoUrl ?? null, footerHtml: data.footerHtml ?? '', signature: 'Envoyé avec ReFeed' }),
  };
}
