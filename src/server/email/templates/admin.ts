import { emailButton, emailClosing, escapeHtml, preLineHtml, wrapEmailHtml } from '../layout';
import type { OutgoingMail } from '../transport';
import type { OwnerLocale } from '../../../shared/rules/locales';
import { ownerEmailKit } from './owner-kit';
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

function reasonBlock(label: string, reason: string | null | undefined): string {
  if (!reason) return '';
  return `<p style="margin:16px 0 4px;font-weight:700">${escapeHtml(label)}</p>
<blockquote style="margin:0;padding:12px 16px;background-color:#f6f5f2;border-left:4px solid #c2410c">${preLineHtml(reason)}</blockquote>`;
}

/** Builds the email for an account decision, in the owner's language (French by default). */
export function renderAccountEmail(template: AccountEmailTemplate, data: AccountEmailData, locale: OwnerLocale = 'fr'): OutgoingMail {
  const { m, wrap, closing, hello: greeting, link } = ownerEmailKit(locale);
  const name = escapeHtml(data.restaurantName);
  const hello = `<p>${greeting(data.firstName)}</p>`;
  const loginUrl = link(`${data.publicUrl}/login`);
  const address = escapeHtml(data.supportEmail);
  const support = `<p>${m.emails_support_line({ address })}</p>`;
  switch (template) {
    case 'account_approved':
      return {
        to: data.to,
        subject: m.emails_approved_subject({ name: data.restaurantName }),
        html: wrap(
          `${hello}<p>${m.emails_approved_body({ name })}</p>
<p>${m.emails_approved_next()}</p>
${emailButton(loginUrl, m.emails_space_button())}${support}${closing()}`,
        ),
      };
    case 'account_rejected':
      return {
        to: data.to,
        subject: m.emails_rejected_subject({ name: data.restaurantName }),
        html: wrap(
          `${hello}<p>${m.emails_rejected_body({ name })}</p>
${reasonBlock(m.emails_rejected_reason(), data.reason)}
<p>${m.emails_rejected_after()}</p>${support}${closing()}`,
        ),
      };
    case 'account_suspended':
      return {
        to: data.to,
        subject: m.emails_suspended_subject({ name: data.restaurantName }),
        html: wrap(
          `${hello}<p>${m.emails_suspended_body({ name })}</p>
${reasonBlock(m.emails_suspended_reason(), data.reason)}
<p>${m.emails_suspended_after()}</p>${support}${closing()}`,
        ),
      };
    case 'account_reactivated':
      return {
        to: data.to,
        subject: m.emails_reactivated_subject({ name: data.restaurantName }),
        html: wrap(
          `${hello}<p>${m.emails_reactivated_body({ name })}</p>
${emailButton(loginUrl, m.emails_space_button())}${support}${closing()}`,
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
