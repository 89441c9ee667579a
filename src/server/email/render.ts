import { compile } from 'html-to-text';
import type { Env } from '../env';
import { renderSubject, renderTemplate, type TemplateData } from '../../shared/rules/email-template';
import { appendToBody, escapeHtml, isWholeDocument, wrapEmailHtml } from './layout';
import { renderAccountEmail, renderAdminNewRestaurantEmail } from './templates/admin';
import {
  renderAccountExistsEmail,
  renderMagicLinkEmail,
  renderResetPasswordEmail,
  renderQuotaWarningEmail,
  renderTeamInvitationEmail,
  renderVerificationEmail,
  renderWebhookDisabledEmail,
  renderWelcomeOnboardingEmail,
  renderPaymentFailedEmail,
  renderTrialEndingEmail,
} from './templates/accounts';
import { renderDataErasureEmail, renderFeedbackReplyEmail, renderLinkConfirmationEmail, renderRetentionReminderEmail } from './templates/diner';
import { sanitizeEmailHtmlCached } from './sanitize';
import type { SystemTemplateKey } from './catalogue';
import type { Locale, OwnerLocale } from '../../shared/rules/locales';
import { formatDate } from '../../shared/format';
import { ownerMessages } from '../../shared/i18n/owner';
import { isRole } from '../../shared/rules/permissions';
import { roleLabel } from '../../shared/rules/roles';
import { isPlanId, PLANS } from '../../shared/rules/plans';
import { DEFAULT_DINER_RETENTION_MONTHS } from '../../shared/rules/retention';
import { dinerEmailMessages } from './diner-messages';

export type RenderedEmail = { subject: string; html: string; text: string };
/** Facts recorded with a send when its event happened (URL of an auth link, points added, reason…). */
export type EmailData = Record<string, string | number | null>;

const text = (value: string | number | null | undefined): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/**
 * html-to-text's converter, built once: `convert(html, options)` compiles its options again at every call
 * (measured: more than half of the conversion's time).
 */
const convertToText = compile({ wordwrap: 78, selectors: [{ selector: 'img', format: 'skip' }, { selector: 'a', options: { hideLinkHrefIfSameAsText: true } }] });

/** The plain-text part of every email, made from its HTML. */
export function toPlainText(html: string): string {
  return convertToText(html);
}

/** Renders an email written in code (accounts, decisions, confirmation links). */
export function renderSystemEmail(
  template: SystemTemplateKey,
  context: {
    to: string;
    data: EmailData;
    restaurantName: string;
    env: Pick<Env, 'PUBLIC_URL' | 'SUPPORT_EMAIL'>;
    logoUrl?: string | null;
    footerHtml?: string;
    /** The diner's language, for the emails a diner receives (decision 091). */
    locale?: Locale;
    /** The owner's language (users.lang, issue #53), for the account and owner emails; French by default. */
    ownerLocale?: OwnerLocale;
  },
): RenderedEmail {
  const { to, data, restaurantName, env } = context;
  const locale = context.locale ?? 'fr';
  const ownerLocale = context.ownerLocale ?? 'fr';
  const url = text(data.url) ?? env.PUBLIC_URL;
  let mail: { subject: string; html: string; text?: string };
  switch (template) {
    case 'welcome_onboarding':
      mail = renderWelcomeOnboardingEmail({ to, firstName: text(data.first_name), restaurantName, publicUrl: env.PUBLIC_URL, locale: ownerLocale });
      break;
    case 'account_approved':
    case 'account_rejected':
    case 'account_suspended':
    case 'account_reactivated':
      // An organisation's decision names the organisation (decision 055); a venue's, the venue.
      mail = renderAccountEmail(
        template,
        { to, restaurantName: text(data.account_name) ?? restaurantName, firstName: text(data.first_name), publicUrl: env.PUBLIC_URL, supportEmail: env.SUPPORT_EMAIL, reason: text(data.reason) },
        ownerLocale,
      );
      break;
    case 'email_verification':
      mail = renderVerificationEmail({ to, name: text(data.name) ?? '', url, locale: ownerLocale });
      break;
    case 'password_reset':
      mail = renderResetPasswordEmail({ to, url, locale: ownerLocale });
      break;
    case 'magic_link':
      mail = renderMagicLinkEmail({ to, url, locale: ownerLocale });
      break;
    case 'account_exists':
      mail = renderAccountExistsEmail({ to, publicUrl: env.PUBLIC_URL, locale: ownerLocale });
      break;
    case 'team_invitation':
      mail = renderTeamInvitationEmail({
        to,
        url,
        organisationName: text(data.organisation_name),
        inviterName: text(data.inviter_name),
        // The role, venues and date in the inviter's language (queued as facts; older sends carry French words).
        roleLabel: isRole(data.role) ? roleLabel(data.role, ownerLocale) : text(data.role_label),
        venues: data.all_venues ? ownerMessages(ownerLocale).emails_invite_all_venues() : text(data.venues),
        expiresOn: text(data.expires_at) && !Number.isNaN(Date.parse(String(data.expires_at))) ? formatDate(String(data.expires_at), ownerLocale) : text(data.expires_on),
        locale: ownerLocale,
      });
      break;
    case 'quota_warning':
    case 'webhook_endpoint_disabled':
    case 'billing_payment_failed':
    case 'trial_ending':
      mail = renderOrganisationEmail(template, { to, url, data, restaurantName, locale: ownerLocale });
      break;
    case 'admin_new_restaurant':
      mail = renderAdminNewRestaurantEmail({ to, restaurantName, restaurantId: text(data.restaurant_id), publicUrl: env.PUBLIC_URL });
      break;
    case 'link_email_confirmation':
    case 'feedback_reply':
    case 'data_erasure_confirmation':
    case 'retention_reminder':
      mail = renderDinerSystemEmail(template, { ...context, url, locale });
      break;
  }
  return { subject: mail.subject, html: mail.html, text: mail.text ?? toPlainText(mail.html) };
}

type SystemMail = { subject: string; html: string; text?: string };

/** The emails to an organisation's propriétaires (quota, webhooks, billing), in the owner's language. */
function renderOrganisationEmail(
  template: 'quota_warning' | 'webhook_endpoint_disabled' | 'billing_payment_failed' | 'trial_ending',
  { to, url, data, restaurantName, locale }: { to: string; url: string; data: EmailData; restaurantName: string; locale: OwnerLocale },
): SystemMail {
  // What every email to an organisation's propriétaire starts from: whom, the link, the greeting, the organisation.
  const toOrganisation = { to, url, firstName: text(data.first_name), organisationName: text(data.organisation_name) ?? restaurantName, locale };
  // The plan's name in the owner's language when the send names the plan (quota warnings do), else as queued.
  const planName = isPlanId(data.plan) ? PLANS[data.plan].name[locale] : text(data.plan_name);
  switch (template) {
    case 'quota_warning':
      return renderQuotaWarningEmail({
        to,
        url,
        firstName: text(data.first_name),
        organisationName: text(data.organisation_name),
        planName,
        used: Number(data.used ?? 0),
        limit: Number(data.limit ?? 0),
        level: Number(data.level ?? 80),
        locale,
      });
    case 'webhook_endpoint_disabled':
      return renderWebhookDisabledEmail({
        ...toOrganisation,
        endpointUrl: text(data.endpoint_url) ?? '',
        reason: text(data.reason),
        pausedUntil: text(data.paused_until),
      });
    case 'billing_payment_failed':
      return renderPaymentFailedEmail({ ...toOrganisation, planName, amount: text(data.amount) });
    case 'trial_ending':
      return renderTrialEndingEmail({
        ...toOrganisation,
        planName,
        when: text(data.when),
        trialEnd: text(data.trial_ends_at) && !Number.isNaN(Date.parse(String(data.trial_ends_at))) ? formatDate(String(data.trial_ends_at), locale) : text(data.trial_end),
      });
  }
}

/** The system emails a diner receives (a link to confirm, a reply, an erasure, a reminder), in the diner's language. */
function renderDinerSystemEmail(
  template: 'link_email_confirmation' | 'feedback_reply' | 'data_erasure_confirmation' | 'retention_reminder',
  context: { to: string; url: string; data: EmailData; restaurantName: string; locale: Locale; logoUrl?: string | null; footerHtml?: string },
): SystemMail {
  const { to, url, data, restaurantName, locale } = context;
  switch (template) {
    case 'link_email_confirmation':
      return renderLinkConfirmationEmail({
        to,
        restaurantName,
        url,
        expiresInMinutes: Number(data.expires_in_minutes ?? 30),
        context: data.context === 'visit' || data.context === 'visit_low' ? data.context : 'request',
        points: typeof data.points === 'number' ? data.points : null,
        locale,
      });
    case 'feedback_reply':
      return renderFeedbackReplyEmail({
        to,
        restaurantName,
        logoUrl: context.logoUrl,
        subject: text(data.subject) ?? restaurantName,
        message: text(data.message) ?? '',
        rewardLabel: text(data.reward_label),
        footerHtml: context.footerHtml,
        locale,
      });
    case 'data_erasure_confirmation':
      return renderDataErasureEmail({ to, restaurantName, url, expiresInMinutes: Number(data.expires_in_minutes ?? 60), locale });
    case 'retention_reminder':
      return renderRetentionReminderEmail({
        to,
        restaurantName,
        logoUrl: context.logoUrl,
        url,
        firstName: text(data.first_name),
        retentionMonths: retentionMonthsOf(data),
        footerHtml: context.footerHtml,
        locale,
      });
  }
}

/** The reminder's period in months: `retention_months`, or from the French text of reminders queued before it ('3 ans', '18 mois'). */
function retentionMonthsOf(data: EmailData): number {
  const months = Number(data.retention_months);
  if (Number.isInteger(months) && months > 0) return months;
  const said = /^(\d+) (ans?|mois)$/.exec(text(data.retention_period) ?? '');
  if (!said) return DEFAULT_DINER_RETENTION_MONTHS;
  return said[2] === 'mois' ? Number(said[1]) : Number(said[1]) * 12;
}

/**
 * The counts a diner email may name, each also written with its noun in the language of the text they go
 * in (`balance_fr`: « 1 point », « 1 Punkt »; the name stays `_fr` for the templates already saved).
 */
export function countedData(counts: { balance: number; points_added: number; reached: number; reward_cost: number | null }, locale: Locale = 'fr'): TemplateData {
  const points = dinerEmailMessages(locale).points;
  const fr = (value: number | null) => (value === null ? null : points(value));
  return {
    balance_fr: fr(counts.balance),
    points_added_fr: fr(counts.points_added),
    reached: counts.reached,
    reached_fr: fr(counts.reached),
    reward_cost: counts.reward_cost,
    reward_cost_fr: fr(counts.reward_cost),
  };
}

/**
 * French agreement in an owner's saved template (issue 48): '{{balance}} points' (or '{{points_added}}
 * points', '{{reached}} points'…) is rendered as `{{balance_fr}}`, so 0 and 1 read « 0 point », « 1 point »;
 * the reward email's old 'Avec {{balance}} points' names what the diner reached, not what is left. (The
 * regular expression spells « é » as \u00e9: esbuild keeps a regex literal's characters as they are, and the
 * server bundle stays ASCII, decision 061.)
 */
export function withAgreedCounts<T extends { subject: string; html: string }>(template: T): T {
  const agree = (text: string) =>
    text
      .replace(/Avec \{\{\s*balance\s*\}\} points, vous venez de d\u00e9bloquer/g, 'Avec {{reached_fr}}, vous venez de débloquer')
      .replace(/\{\{\s*(balance|points_added|reached|reward_cost)\s*\}\}(?:\s|&nbsp;|\u00a0)+points\b/g, '{{$1_fr}}');
  return { ...template, subject: agree(template.subject), html: agree(template.html) };
}

/** French typography after an empty variable: 'Bonjour {{first_name}},' with no name reads 'Bonjour,'. */
function tidyEmptyVariables(rendered: string): string {
  return rendered.replace(/[ \t\u00a0]+,/g, ',');
}

/**
 * A subject that began with an empty variable ('{{first_name}}, votre avis compte…' without a name) starts
 * with its capital instead of the punctuation left behind: 'Votre avis compte…'.
 */
function tidySubject(subject: string): string {
  const trimmed = subject.replace(/^[\s,;:.!?\u2013\u2014-]+/, '').trim();
  return trimmed.charAt(0).toLocaleUpperCase('fr-FR') + trimmed.slice(1);
}

/** An automation's subject as its recipient reads it: variables filled, empty ones tidied away. */
export function renderAutomationSubject(subject: string, data: TemplateData): string {
  return tidySubject(tidyEmptyVariables(renderSubject(subject, data)));
}

/**
 * A link whose address rendered empty (an owner's template with {{google_url}} while the restaurant has
 * no review link) would open the mail itself or nothing: the button around it (email/layout.ts's table)
 * or the bare link is left out.
 */
const EMPTY_LINK_BUTTON = /<table\b[^>]*>\s*<tr>\s*<td\b[^>]*>\s*<a\b[^>]*\bhref\s*=\s*(?:""|'')[^>]*>[\s\S]*?<\/a>\s*<\/td>\s*<\/tr>\s*<\/table>/gi;
const EMPTY_LINK = /<a\b[^>]*\bhref\s*=\s*(?:""|'')[^>]*>[\s\S]*?<\/a>/gi;
export function dropEmptyLinks(html: string): string {
  return html.replace(EMPTY_LINK_BUTTON, '').replace(EMPTY_LINK, '');
}

/**
 * Renders a restaurant's own template (mustache, every value HTML-escaped) inside the email frame
 * with the restaurant's name and logo; a whole document from the visual editor keeps its own frame.
 * `footerHtml` (the unsubscribe line) is added either way.
 */
export function renderAutomationEmail(
  template: { subject: string; html: string },
  data: TemplateData,
  frame: { restaurantName: string; logoUrl: string | null; footerHtml: string; whiteLabel?: { brandColor: string | null } | null; locale?: Locale },
): RenderedEmail {
  const locale = frame.locale ?? 'fr';
  const subject = renderAutomationSubject(template.subject, data);
  // Sanitised again at send: a template saved before the allowlist (decision 028) reaches nobody as it was.
  const body = dropEmptyLinks(tidyEmptyVariables(renderTemplate(sanitizeEmailHtmlCached(template.html), data)));
  const html = isWholeDocument(body)
    ? appendToBody(body, frame.footerHtml)
    : wrapEmailHtml(body, {
        brandName: frame.restaurantName,
        logoUrl: frame.logoUrl,
        footerHtml: frame.footerHtml,
        locale,
        // White label (decision 058): the restaurant's colour, no ReFeed mention.
        ...(frame.whiteLabel ? { signature: '', brandColor: frame.whiteLabel.brandColor } : { signature: dinerEmailMessages(locale).sentWith }),
      });
  return { subject, html, text: toPlainText(html) };
}

/** The unsubscribe line of a diner's email, in their language: why it came (offers accepted, or the visit), then the link. */
export function unsubscribeFooter(url: string, restaurantName: string, { marketing, locale = 'fr' }: { marketing: boolean; locale?: Locale }): string {
  const m = dinerEmailMessages(locale);
  const why = marketing ? m.unsubscribeWhyMarketing(restaurantName) : m.unsubscribeWhyVisit(restaurantName);
  return `<p style="margin:0">${escapeHtml(why)} <a href="${escapeHtml(url)}" style="color:#57534e">${escapeHtml(m.unsubscribe)}</a></p>`;
}
