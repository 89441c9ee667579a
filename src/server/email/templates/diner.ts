import { atRestaurant } from '../../../shared/rules/restaurant-name';
import { emailButton, escapeHtml, wrapEmailHtml } from '../layout';
import type { OutgoingMail } from '../transport';

/** The follow-up emails of a diner's feedback (spec §3 automation keys). */
export type DinerEmailTemplate = 'thanks_after_visit' | 'manager_alert_low_rating' | 'reward_unlocked' | 'link_email_confirmation';

function greeting(firstName: string | null): string {
  return firstName ? `Bonjour ${escapeHtml(firstName)},` : 'Bonjour,';
}

function stars(rating: number): string {
  return '★'.repeat(rating) + '☆'.repeat(Math.max(0, 5 - rating));
}

/** Thank-you after a positive review (4 or 5 stars), with the review link when the restaurant has one. */
export function renderThanksEmail(data: {
  to: string;
  restaurantName: string;
  firstName: string | null;
  pointsAdded: number;
  balance: number;
  reviewUrl: string | null;
}): OutgoingMail {
  const name = escapeHtml(data.restaurantName);
  const points =
    data.pointsAdded > 0
      ? `<p>Vous avez gagné <strong>${data.pointsAdded} points</strong> de fidélité. Votre solde : <strong>${data.balance} points</strong>.</p>`
      : `<p>Votre solde de fidélité : <strong>${data.balance} points</strong>.</p>`;
  const review = data.reviewUrl
    ? `<p>Votre avis compte : partagez-le en quelques secondes, cela aide beaucoup ${name}.</p>${emailButton(data.reviewUrl, 'Laisser un avis Google')}`
    : '';
  return {
    to: data.to,
    subject: `Merci pour votre visite ${atRestaurant(data.restaurantName)} !`,
    html: wrapEmailHtml(`<p>${greeting(data.firstName)}</p>
<p>Merci d’avoir pris le temps de donner votre avis sur <strong>${name}</strong>. Toute l’équipe est ravie que vous ayez passé un bon moment.</p>
${points}${review}
<p>À très bientôt !</p>`),
    text: `${data.firstName ? `Bonjour ${data.firstName},` : 'Bonjour,'}\n\nMerci d’avoir donné votre avis sur ${data.restaurantName}. Votre solde : ${data.balance} points.${data.reviewUrl ? `\n\nLaisser un avis : ${data.reviewUrl}` : ''}`,
  };
}

/** Internal alert to the restaurant's contact email for a review of 3 stars or less. */
export function renderLowRatingAlertEmail(data: {
  to: string;
  restaurantName: string;
  rating: number;
  comment: string | null;
  customerName: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  tableLabel: string | null;
  createdAt: string;
  dashboardUrl: string;
}): OutgoingMail {
  const who = [data.customerName, data.customerEmail, data.customerPhone].filter(Boolean).map((v) => escapeHtml(v!)).join(' · ');
  const comment = data.comment
    ? `<blockquote style="margin:8px 0;padding:12px 16px;background:#f6f5f2;border-left:4px solid #c2410c;white-space:pre-line">${escapeHtml(data.comment)}</blockquote>`
    : '<p style="color:#6b7280">(pas de commentaire)</p>';
  return {
    to: data.to,
    subject: `Avis ${data.rating}/5 reçu – ${data.restaurantName}`,
    html: wrapEmailHtml(`<p>Bonjour,</p>
<p>Un client vient de laisser une note de <strong>${data.rating}/5</strong> <span style="color:#c2410c">${stars(data.rating)}</span> chez <strong>${escapeHtml(data.restaurantName)}</strong>, le ${escapeHtml(data.createdAt)}${data.tableLabel ? ` (${escapeHtml(data.tableLabel)})` : ''}.</p>
${comment}
<p>Client : ${who || 'anonyme'}</p>
<p>Un message rapide et attentionné peut transformer cette expérience.</p>
${emailButton(data.dashboardUrl, 'Voir le tableau de bord')}`),
    text: `Note ${data.rating}/5 ${atRestaurant(data.restaurantName)} le ${data.createdAt}.\nCommentaire : ${data.comment ?? '(aucun)'}\nClient : ${[data.customerName, data.customerEmail, data.customerPhone].filter(Boolean).join(' · ') || 'anonyme'}`,
  };
}

/** Sent to the diner for each reward just unlocked. */
export function renderRewardUnlockedEmail(data: { to: string; restaurantName: string; firstName: string | null; rewardName: string; balance: number }): OutgoingMail {
  return {
    to: data.to,
    subject: `Récompense débloquée : ${data.rewardName} 🎉`,
    html: wrapEmailHtml(`<p>${greeting(data.firstName)}</p>
<p>Bonne nouvelle : avec <strong>${data.balance} points</strong>, vous avez débloqué <strong>${escapeHtml(data.rewardName)}</strong> chez <strong>${escapeHtml(data.restaurantName)}</strong>.</p>
<p>Présentez cet email lors de votre prochaine visite pour en profiter.</p>
<p>À très bientôt !</p>`),
    text: `Vous avez débloqué ${data.rewardName} ${atRestaurant(data.restaurantName)} (${data.balance} points). Présentez cet email lors de votre prochaine visite.`,
  };
}

/** The one-time link that proves the diner controls the address before their points are linked to it. */
export function renderLinkConfirmationEmail(data: { to: string; restaurantName: string; url: string; expiresInMinutes: number }): OutgoingMail {
  const name = escapeHtml(data.restaurantName);
  return {
    to: data.to,
    subject: `Confirmez votre email pour garder vos points – ${data.restaurantName}`,
    html: wrapEmailHtml(`<p>Bonjour,</p>
<p>Vous avez demandé à retrouver vos points de fidélité de <strong>${name}</strong> avec cette adresse email.</p>
<p>Confirmez-la pour ajouter vos points :</p>
${emailButton(data.url, 'Confirmer et récupérer mes points')}
<p>Ce lien fonctionne une seule fois, pendant ${data.expiresInMinutes} minutes. Si vous n’êtes pas à l’origine de cette demande, ignorez cet email : rien ne sera modifié.</p>`),
    text: `Confirmez votre email pour récupérer vos points ${atRestaurant(data.restaurantName)} : ${data.url} (valable ${data.expiresInMinutes} minutes, une seule fois). Si vous n'êtes pas à l'origine de cette demande, ignorez cet email.`,
  };
}
