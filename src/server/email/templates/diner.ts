import { atRestaurant } from '../../../shared/rules/restaurant-name';
import { emailButton, emailClosing, escapeHtml, wrapEmailHtml } from '../layout';
import type { OutgoingMail } from '../transport';
import { pointsFr } from '../../../shared/rules/french-count';

/**
 * Why a confirmation link was sent: after a rating ('visit': 4–5★ without a thank-you, e.g. inside the
 * earning interval; 'visit_low': 3★ or less, with the apology), or asked for (link box, card recovery).
 */
export type LinkConfirmationContext = 'visit' | 'visit_low' | 'request';

/** « Confirmez votre email pour garder vos 20 points » (« 1 point »; no number without points: never « 0 points »). */
export function confirmHeadline(points: number): string {
  return points > 0 ? `Confirmez votre email pour garder vos ${pointsFr(points)}` : 'Confirmez votre email pour garder vos points';
}

const LINK_SAFETY = (minutes: number) =>
  `Ce lien fonctionne une seule fois, pendant ${minutes} minutes. Si vous n’êtes pas à l’origine de cette demande, ignorez cet email : rien ne sera modifié.`;

/**
 * The confirmation block the owner's thank-you carries when its address is not confirmed yet (decision
 * 074): the headline with the device's points, the one-time link, its safety line. A mustache fragment
 * ({{confirm_url}}, {{confirm_headline}}, {{confirm_minutes}}), appended to the owner's template.
 */
export const CONFIRMATION_BLOCK = [
  '<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:16px 0"><tr><td bgcolor="#fff7ed" style="background-color:#fff7ed;border:1px solid #fdba74;border-radius:8px;padding:16px">',
  '<p style="margin:0 0 8px;font-weight:bold">{{confirm_headline}}</p>',
  '<p style="margin:0 0 12px">Un clic suffit : vos points seront gardés sous cette adresse et vous retrouverez votre carte sur n’importe quel téléphone.</p>',
  emailButton('{{confirm_url}}', 'Confirmer mon email'),
  '<p style="margin:12px 0 0;font-size:13px;color:#57534e">Ce lien fonctionne une seule fois, pendant {{confirm_minutes}} minutes. Si vous n’êtes pas à l’origine de cette visite, ignorez cet email : rien ne sera modifié.</p>',
  '</td></tr></table>',
].join('\n');

/** The one-time link that proves the diner controls the address before their points are linked to it. */
export function renderLinkConfirmationEmail(data: {
  to: string;
  restaurantName: string;
  url: string;
  expiresInMinutes: number;
  context?: LinkConfirmationContext;
  /** The device's points the link keeps (after a rating); null: not said. */
  points?: number | null;
}): OutgoingMail {
  const at = escapeHtml(atRestaurant(data.restaurantName));
  const points = data.points ?? 0;
  const headline = confirmHeadline(points);
  const intro =
    data.context === 'visit_low'
      ? `<p>Merci d’avoir pris le temps de donner votre avis ${at}. Nous sommes désolés que votre expérience n’ait pas été à la hauteur : l’équipe va lire votre retour avec attention.</p>`
      : data.context === 'visit'
        ? `<p>Merci pour votre visite ${at} !</p>`
        : `<p>Vous avez demandé à retrouver vos points de fidélité ${at} avec cette adresse email.</p>`;
  return {
    to: data.to,
    subject: `${headline} – ${data.restaurantName}`,
    html: wrapEmailHtml(`<p>Bonjour,</p>
${intro}
<p>${escapeHtml(headline)} :</p>
${emailButton(data.url, 'Confirmer et récupérer mes points')}
<p>${LINK_SAFETY(data.expiresInMinutes)}</p>
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
