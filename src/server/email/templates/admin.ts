import { emailButton, emailClosing, escapeHtml, preLineHtml, wrapEmailHtml } from '../layout';
import type { OutgoingMail } from '../transport';
import { ACCOUNT_REVIEW_PROMISE } from '../../../shared/rules/account-review';

/** The four account emails sent after an administrator's decision (spec §7 send-email templates). */
export type AccountEmailTemplate = 'account_approved' | 'account_rejected' | 'account_suspended' | 'account_reactivated';

export type AccountEmailData = {
  to: string;
  restaurantName: string;
  firstName: string | null;
  publicUrl: string;
  supportEmail: string;
  reason?: string | null;
};

function greeting(firstName: string | null): string {
  return firstName ? `Bonjour ${escapeHtml(firstName)},` : 'Bonjour,';
}

function reasonBlock(label: string, reason: string | null | undefined): string {
  if (!reason) return '';
  return `<p style="margin:16px 0 4px;font-weight:700">${escapeHtml(label)}</p>
<blockquote style="margin:0;padding:12px 16px;background-color:#f6f5f2;border-left:4px solid #c2410c">${preLineHtml(reason)}</blockquote>`;
}

function supportLine(supportEmail: string): string {
  const address = escapeHtml(supportEmail);
  return `<p>Une question ? Répondez à cet email ou écrivez-nous à <a href="mailto:${address}">${address}</a>.</p>`;
}

/** Builds the French email for an account decision. */
export function renderAccountEmail(template: AccountEmailTemplate, data: AccountEmailData): OutgoingMail {
  const name = escapeHtml(data.restaurantName);
  const hello = `<p>${greeting(data.firstName)}</p>`;
  const loginUrl = `${data.publicUrl}/login`;
  switch (template) {
    case 'account_approved':
      return {
        to: data.to,
        subject: `Votre compte ReFeed est validé – ${data.restaurantName}`,
        html: wrapEmailHtml(
          `${hello}<p>Bonne nouvelle : le compte de votre restaurant <strong>${name}</strong> a été validé par l’équipe ReFeed.</p>
<p>Vous pouvez dès maintenant imprimer vos QR codes, configurer votre programme de fidélité et recevoir vos premiers avis.</p>
${emailButton(loginUrl, 'Accéder à mon espace')}${supportLine(data.supportEmail)}${emailClosing()}`,
        ),
      };
    case 'account_rejected':
      return {
        to: data.to,
        subject: `Votre demande de compte ReFeed a été refusée – ${data.restaurantName}`,
        html: wrapEmailHtml(
          `${hello}<p>Après examen, l’équipe ReFeed n’a pas pu valider la demande de compte de votre restaurant <strong>${name}</strong>.</p>
${reasonBlock('Motif du refus', data.reason)}
<p>Si vous pensez qu’il s’agit d’une erreur ou souhaitez apporter des précisions, répondez à cet email : il parvient à notre équipe.</p>${supportLine(data.supportEmail)}${emailClosing()}`,
        ),
      };
    case 'account_suspended':
      return {
        to: data.to,
        subject: `Votre compte ReFeed est suspendu – ${data.restaurantName}`,
        html: wrapEmailHtml(
          `${hello}<p>Le compte de votre restaurant <strong>${name}</strong> a été suspendu par l’équipe ReFeed. Votre espace et vos pages d’avis sont inaccessibles pendant la suspension.</p>
${reasonBlock('Motif de la suspension', data.reason)}
<p>Pour en discuter ou régulariser la situation, répondez à cet email.</p>${supportLine(data.supportEmail)}${emailClosing()}`,
        ),
      };
    case 'account_reactivated':
      return {
        to: data.to,
        subject: `Votre compte ReFeed est réactivé – ${data.restaurantName}`,
        html: wrapEmailHtml(
          `${hello}<p>Le compte de votre restaurant <strong>${name}</strong> est de nouveau actif. Vous retrouvez votre espace, vos QR codes et vos clients.</p>
${emailButton(loginUrl, 'Accéder à mon espace')}${supportLine(data.supportEmail)}${emailClosing()}`,
        ),
      };
  }
}

/** The notice every platform administrator gets when a restaurant signs up (its email confirmed): the validation queue awaits it. */
export function renderAdminNewRestaurantEmail(data: { to: string; restaurantName: string; restaurantId: string | null; publicUrl: string }): OutgoingMail {
  const name = escapeHtml(data.restaurantName);
  const queueUrl = `${data.publicUrl}/admin/restaurants`;
  const detailUrl = data.restaurantId ? `${data.publicUrl}/admin/restaurants/${encodeURIComponent(data.restaurantId)}` : queueUrl;
  return {
    to: data.to,
    subject: `Nouveau restaurant à valider : ${data.restaurantName}`,
    html: wrapEmailHtml(
      `<p>Bonjour,</p>
<p>Le restaurant <strong>${name}</strong> vient de s’inscrire sur ReFeed et a confirmé son adresse email. Sa demande attend votre validation (promise ${ACCOUNT_REVIEW_PROMISE.fr}).</p>
${emailButton(queueUrl, 'Ouvrir la file de validation')}
<p>Ou directement sa fiche : <a href="${escapeHtml(detailUrl)}">${escapeHtml(detailUrl)}</a></p>
${emailClosing()}`,
    ),
    text: `Bonjour,\n\nLe restaurant ${data.restaurantName} vient de s’inscrire sur ReFeed et a confirmé son adresse email. Sa demande attend votre validation (promise ${ACCOUNT_REVIEW_PROMISE.fr}).\n\nFile de validation : ${queueUrl}\nSa fiche : ${detailUrl}\n\nÀ bientôt,\nL’équipe ReFeed\n`,
  };
}
