import { emailButton, emailClosing, escapeHtml, wrapEmailHtml } from '../layout';
import type { OutgoingMail } from '../transport';
import type { Locale } from '../../../shared/rules/locales';
import { dinerEmailMessages } from '../diner-messages';

/**
 * Why a confirmation link was sent: after a rating ('visit': 4–5★ without a thank-you, e.g. inside the
 * earning interval; 'visit_low': 3★ or less, with the apology), or asked for (link box, card recovery).
 */
export type LinkConfirmationContext = 'visit' | 'visit_low' | 'request';

/** « Confirmez votre email pour garder vos 20 points » (« 1 point »; no number without points: never « 0 points »), in the diner's language. */
export function confirmHeadline(points: number, locale: Locale = 'fr'): string {
  return dinerEmailMessages(locale).confirmHeadline(points);
}

/**
 * The confirmation block the owner's thank-you carries when its address is not confirmed yet (decision
 * 074), in the diner's language (decision 091): the headline with the device's points, the one-time link,
 * its safety line. A mustache fragment ({{confirm_url}}, {{confirm_headline}}), appended to the owner's template.
 */
export function confirmationBlock(locale: Locale, minutes: number): string {
  const m = dinerEmailMessages(locale);
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:16px 0"><tr><td bgcolor="#fff7ed" style="background-color:#fff7ed;border:1px solid #fdba74;border-radius:8px;padding:16px">',
    '<p style="margin:0 0 8px;font-weight:bold">{{confirm_headline}}</p>',
    `<p style="margin:0 0 12px">${escapeHtml(m.confirmBlockBody)}</p>`,
    emailButton('{{confirm_url}}', m.confirmButton),
    `<p style="margin:12px 0 0;font-size:13px;color:#57534e">${escapeHtml(m.confirmVisitSafety(minutes))}</p>`,
    '</td></tr></table>',
  ].join('\n');
}

/** The one-time link that proves the diner controls the address before their points are linked to it. */
export function renderLinkConfirmationEmail(data: {
  to: string;
  restaurantName: string;
  url: string;
  expiresInMinutes: number;
  context?: LinkConfirmationContext;
  /** The device's points the link keeps (after a rating); null: not said. */
  points?: number | null;
  locale?: Locale;
}): OutgoingMail {
  const locale = data.locale ?? 'fr';
  const m = dinerEmailMessages(locale);
  const points = data.points ?? 0;
  const headline = m.confirmHeadline(points);
  const intro = data.context === 'visit_low' ? m.linkIntroLow(data.restaurantName) : data.context === 'visit' ? m.linkIntroVisit(data.restaurantName) : m.linkIntroRequest(data.restaurantName);
  return {
    to: data.to,
    subject: m.linkSubject(headline, data.restaurantName),
    html: wrapEmailHtml(`<p>${escapeHtml(m.hello)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(m.headlineBeforeButton(headline))}</p>
${emailButton(data.url, m.linkButton)}
<p>${escapeHtml(m.linkSafety(data.expiresInMinutes))}</p>
${emailClosing(data.restaurantName, locale)}`, { brandName: data.restaurantName, signature: m.sentWith, locale }),
  };
}

/**
 * The restaurant's private reply to a diner's feedback: the owner's own words (plain text, every line
 * escaped), and the reward offered with it when there is one, in a frame in the diner's language.
 */
export function renderFeedbackReplyEmail(data: {
  to: string;
  restaurantName: string;
  logoUrl?: string | null;
  subject: string;
  message: string;
  rewardLabel: string | null;
  footerHtml?: string;
  locale?: Locale;
}): OutgoingMail {
  const locale = data.locale ?? 'fr';
  const paragraphs = data.message
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const gift = data.rewardLabel
    ? `<p style="padding:12px;border-radius:8px;background:#f0fdf4">${dinerEmailMessages(locale).replyGiftHtml(`<strong>${escapeHtml(data.rewardLabel)}</strong>`)}</p>`
    : '';
  return {
    to: data.to,
    subject: data.subject,
    // The text part is made from the whole HTML (render.ts): the message, the gift and the unsubscribe line.
    html: wrapEmailHtml(`${paragraphs}\n${gift}`, { brandName: data.restaurantName, logoUrl: data.logoUrl ?? null, footerHtml: data.footerHtml ?? '', signature: dinerEmailMessages(locale).sentWith, locale }),
  };
}

/** 'Mes données': the one-time link that confirms the erasure of the diner's data (decision 045), in the diner's language. */
export function renderDataErasureEmail(data: { to: string; restaurantName: string; url: string; expiresInMinutes: number; locale?: Locale }): OutgoingMail {
  const locale = data.locale ?? 'fr';
  const m = dinerEmailMessages(locale);
  return {
    to: data.to,
    subject: m.erasureSubject(data.restaurantName),
    html: wrapEmailHtml(`<p>${escapeHtml(m.hello)}</p>
<p>${escapeHtml(m.erasureIntro(data.restaurantName))}</p>
<p>${escapeHtml(m.erasureAsk)}</p>
${emailButton(data.url, m.erasureButton)}
<p>${escapeHtml(m.erasureSafety(data.expiresInMinutes))}</p>
${emailClosing(data.restaurantName, locale)}`, { brandName: data.restaurantName, signature: m.sentWith, locale }),
  };
}

/**
 * The retention reminder (decision 045): a month before a diner's data is anonymised for inactivity, a
 * last email to those with consent, with a link to stay (which counts as activity); in the diner's language.
 */
export function renderRetentionReminderEmail(data: {
  to: string;
  restaurantName: string;
  logoUrl?: string | null;
  url: string;
  firstName: string | null;
  /** The retention period in months (DINER_RETENTION_MONTHS), said in the diner's language. */
  retentionMonths: number;
  footerHtml?: string;
  locale?: Locale;
}): OutgoingMail {
  const locale = data.locale ?? 'fr';
  const m = dinerEmailMessages(locale);
  return {
    to: data.to,
    subject: m.retentionSubject(data.restaurantName),
    html: wrapEmailHtml(`<p>${escapeHtml(data.firstName ? m.helloName(data.firstName) : m.hello)}</p>
<p>${escapeHtml(m.retentionIntro(data.restaurantName, m.retentionPeriod(data.retentionMonths)))}</p>
<p>${escapeHtml(m.retentionAsk)}</p>
${emailButton(data.url, m.retentionButton)}
<p>${escapeHtml(m.retentionIfNothing)}</p>
${emailClosing(data.restaurantName, locale)}`, { brandName: data.restaurantName, logoUrl: data.logoUrl ?? null, footerHtml: data.footerHtml ?? '', signature: m.sentWith, locale }),
  };
}
