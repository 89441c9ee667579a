import { formatCount, formatDateTime } from '../../../shared/format';
import type { OwnerLocale } from '../../../shared/rules/locales';
import { emailButton, escapeHtml } from '../layout';
import { ownerEmailKit } from './owner-kit';
import type { OutgoingMail } from '../transport';
import { ACCOUNT_REVIEW_PROMISE } from '../../../shared/rules/account-review';

/** The greeting name of the welcome email: the first name, else the part of the email before the @. */
export function pickGreetingName(firstName: string | null | undefined, email: string): string {
  const trimmed = firstName?.trim();
  return trimmed ? trimmed : email.split('@')[0];
}

/**
 * welcome_onboarding (spec §7): sent once the owner has confirmed their email address. It says what
 * happens next as it is: the account waits for the team's validation (shared/rules/account-review.ts), the owner's
 * space shows the request until then, and a second email announces the decision.
 */
export function renderWelcomeOnboardingEmail(data: { to: string; firstName: string | null; restaurantName: string; publicUrl: string; locale?: OwnerLocale }): OutgoingMail {
  const locale = data.locale ?? 'fr';
  const { m, wrap, closing, hello, link } = ownerEmailKit(locale);
  return {
    to: data.to,
    subject: m.emails_welcome_subject(),
    html: wrap(
      `<p>${hello(pickGreetingName(data.firstName, data.to))}</p>
<p>${m.emails_welcome_confirmed({ restaurant: escapeHtml(data.restaurantName) })}</p>
<p>${m.emails_welcome_next()}</p>
<ol style="margin:0 0 16px;padding-left:24px">
<li>${m.emails_welcome_step_review({ promise: ACCOUNT_REVIEW_PROMISE[locale] })}</li>
<li>${m.emails_welcome_step_email()}</li>
<li>${m.emails_welcome_step_qr()}</li>
</ol>
<p>${m.emails_welcome_meanwhile()}</p>
${emailButton(link(`${data.publicUrl}/login`), m.emails_welcome_button())}
<p>${m.emails_welcome_question()}</p>
${closing()}`,
    ),
  };
}

/** Confirms the address given at sign-up (link made by better-auth; auth.ts opens the page in the account's language). */
export function renderVerificationEmail(data: { to: string; name: string; url: string; locale?: OwnerLocale }): OutgoingMail {
  const { m, wrap, closing, hello } = ownerEmailKit(data.locale ?? 'fr');
  return {
    to: data.to,
    subject: m.emails_verify_subject(),
    html: wrap(`<p>${hello(data.name || data.to.split('@')[0])}</p><p>${m.emails_verify_body()}</p>${emailButton(data.url, m.emails_verify_button())}<p>${m.emails_verify_safety()}</p>${closing()}`),
  };
}

/** The password-reset link (also used by `admin:create` to let a new administrator choose a password). */
export function renderResetPasswordEmail(data: { to: string; url: string; locale?: OwnerLocale }): OutgoingMail {
  const { m, wrap, closing } = ownerEmailKit(data.locale ?? 'fr');
  return {
    to: data.to,
    subject: m.emails_reset_subject(),
    html: wrap(`<p>${m.emails_hello()}</p><p>${m.emails_reset_body()}</p>${emailButton(data.url, m.emails_reset_button())}<p>${m.emails_reset_safety()}</p>${closing()}`),
  };
}

/** The one-time sign-in link of the passwordless login. */
export function renderMagicLinkEmail(data: { to: string; url: string; locale?: OwnerLocale }): OutgoingMail {
  const { m, wrap, closing } = ownerEmailKit(data.locale ?? 'fr');
  return {
    to: data.to,
    subject: m.emails_magic_subject(),
    html: wrap(`<p>${m.emails_hello()}</p><p>${m.emails_magic_body()}</p>${emailButton(data.url, m.emails_login_button())}<p>${m.emails_magic_safety()}</p>${closing()}`),
  };
}

/**
 * Someone signed up with an address that already has an account: the sign-up answered as usual (it tells
 * nobody which addresses have an account) and the owner of the address is told here instead.
 */
export function renderAccountExistsEmail(data: { to: string; publicUrl: string; locale?: OwnerLocale }): OutgoingMail {
  const { m, wrap, closing, link } = ownerEmailKit(data.locale ?? 'fr');
  return {
    to: data.to,
    subject: m.emails_exists_subject(),
    html: wrap(
      `<p>${m.emails_hello()}</p><p>${m.emails_exists_body({ email: escapeHtml(data.to) })}</p><p>${m.emails_exists_hint()}</p>${emailButton(link(`${data.publicUrl}/login`), m.emails_login_button())}<p><a href="${escapeHtml(link(`${data.publicUrl}/forgot-password`))}">${m.emails_reset_button()}</a></p><p>${m.emails_exists_safety()}</p>${closing()}`,
    ),
  };
}

/**
 * team_invitation (decision 053): someone of an organisation invites this address to join its team, with
 * the role and venues chosen, in the inviter's language. The link carries the raw token (only its hash is
 * stored) and works once, for seven days.
 */
export function renderTeamInvitationEmail(data: {
  to: string;
  url: string;
  organisationName: string | null;
  inviterName: string | null;
  roleLabel: string | null;
  venues: string | null;
  expiresOn: string | null;
  locale?: OwnerLocale;
}): OutgoingMail {
  const { m, wrap, closing, link } = ownerEmailKit(data.locale ?? 'fr');
  const organisation = data.organisationName ?? m.emails_invite_default_organisation();
  const inviter = data.inviterName ?? m.emails_invite_default_inviter();
  const role = data.roleLabel ? `<p>${m.emails_invite_role({ role: escapeHtml(data.roleLabel) })}</p>` : '';
  const venues = data.venues ? `<p>${m.emails_invite_venues({ venues: escapeHtml(data.venues) })}</p>` : '';
  const expiry = data.expiresOn ? m.emails_invite_until({ date: escapeHtml(data.expiresOn) }) : m.emails_invite_seven_days();
  return {
    to: data.to,
    subject: m.emails_invite_subject({ inviter, organisation }),
    html: wrap(
      `<p>${m.emails_hello()}</p>
<p>${m.emails_invite_body({ inviter: escapeHtml(inviter), organisation: escapeHtml(organisation) })}</p>
${role}${venues}
${emailButton(link(data.url), m.emails_invite_button())}
<p>${m.emails_invite_safety({ expiry })}</p>
${closing()}`,
    ),
  };
}

/**
 * quota_warning (decision 058): the organisation used 80 % or all of its diner emails this month. Past the
 * limit the ratings, points and review links go on; the diner emails are recorded and not sent until the
 * next month or a larger plan (/abonnement).
 */
export function renderQuotaWarningEmail(data: {
  to: string;
  firstName: string | null;
  organisationName: string | null;
  planName: string | null;
  used: number;
  limit: number;
  level: number;
  url: string;
  locale?: OwnerLocale;
}): OutgoingMail {
  const locale = data.locale ?? 'fr';
  const { m, wrap, closing, hello, link } = ownerEmailKit(locale);
  const organisation = escapeHtml(data.organisationName ?? m.emails_default_organisation());
  const plan = escapeHtml(data.planName ?? '');
  const usage = m.emails_quota_usage({ used: formatCount(data.used, locale), limit: formatCount(data.limit, locale) });
  const full = data.level >= 100;
  const what = full ? `<p>${m.emails_quota_full({ organisation, plan, usage })}</p>` : `<p>${m.emails_quota_level({ organisation, level: data.level, plan, usage })}</p>`;
  return {
    to: data.to,
    subject: full ? m.emails_quota_subject_full({ plan: data.planName ?? '' }) : m.emails_quota_subject_level({ level: data.level, plan: data.planName ?? '' }),
    html: wrap(
      `<p>${hello(data.firstName)}</p>
${what}
<p>${m.emails_quota_advice()}</p>
${emailButton(link(data.url), m.emails_quota_button())}
${closing()}`,
    ),
  };
}

/**
 * webhook_endpoint_disabled (issue #31, decision 059): ReFeed stopped sending to a webhook endpoint, because it
 * answered 410 Gone or kept failing for 3 days. The events are no longer sent until a propriétaire enables it again.
 */
export function renderWebhookDisabledEmail(data: {
  to: string;
  firstName: string | null;
  organisationName: string;
  endpointUrl: string;
  reason: string | null;
  pausedUntil?: string | null;
  url: string;
  locale?: OwnerLocale;
}): OutgoingMail {
  if (data.reason === 'paused') return renderWebhookPausedEmail({ ...data, pausedUntil: data.pausedUntil ?? null, locale: data.locale ?? 'fr' });
  const { m, wrap, closing, hello, link } = ownerEmailKit(data.locale ?? 'fr');
  const why = data.reason === 'gone' ? m.emails_webhook_gone() : m.emails_webhook_failing();
  return {
    to: data.to,
    subject: m.emails_webhook_disabled_subject(),
    html: wrap(
      `<p>${hello(data.firstName)}</p>
<p>${m.emails_webhook_disabled_body({ endpoint: escapeHtml(data.endpointUrl), organisation: escapeHtml(data.organisationName), why })}</p>
<p>${m.emails_webhook_disabled_after()}</p>
${emailButton(link(data.url), m.emails_webhook_button())}
${closing()}`,
    ),
  };
}

/**
 * The same template's `paused` reason (issue 50, decision 077): the circuit breaker paused an endpoint that failed
 * several times in a row. Its events wait and are sent when the pause ends; sent once per run of failures.
 */
function renderWebhookPausedEmail(data: {
  to: string;
  firstName: string | null;
  organisationName: string;
  endpointUrl: string;
  pausedUntil: string | null;
  url: string;
  locale: OwnerLocale;
}): OutgoingMail {
  const { m, wrap, closing, hello, link } = ownerEmailKit(data.locale);
  const until = data.pausedUntil && !Number.isNaN(Date.parse(data.pausedUntil)) ? ` ${m.emails_webhook_until({ date: formatDateTime(data.pausedUntil, data.locale) })}` : '';
  return {
    to: data.to,
    subject: m.emails_webhook_paused_subject(),
    html: wrap(
      `<p>${hello(data.firstName)}</p>
<p>${m.emails_webhook_paused_body({ endpoint: escapeHtml(data.endpointUrl), organisation: escapeHtml(data.organisationName), until: escapeHtml(until) })}</p>
<p>${m.emails_webhook_paused_after()}</p>
${emailButton(link(data.url), m.emails_webhook_button())}
${closing()}`,
    ),
  };
}

/**
 * billing_payment_failed (issue 54, decision 092): a subscription payment failed. Stripe retries; the
 * propriétaire updates the payment method from /abonnement; 14 days past due, ReFeed turns read only
 * (ratings and points go on, diners get no email), and a payment restores everything at once.
 */
export function renderPaymentFailedEmail(data: {
  to: string;
  firstName: string | null;
  organisationName: string | null;
  planName: string | null;
  amount: string | null;
  url: string;
  locale?: OwnerLocale;
}): OutgoingMail {
  const { m, wrap, closing, hello, link } = ownerEmailKit(data.locale ?? 'fr');
  const organisation = escapeHtml(data.organisationName ?? m.emails_default_organisation());
  const amount = data.amount ? ` ${m.emails_payment_amount({ amount: escapeHtml(data.amount) })}` : '';
  const plan = data.planName ? ` ${m.emails_payment_plan({ plan: escapeHtml(data.planName) })}` : '';
  return {
    to: data.to,
    subject: m.emails_payment_subject(),
    html: wrap(
      `<p>${hello(data.firstName)}</p>
<p>${m.emails_payment_body({ amount, organisation, plan })}</p>
<p>${m.emails_payment_after()}</p>
${emailButton(link(data.url), m.emails_payment_button())}
${closing()}`,
    ),
  };
}

/**
 * trial_ending (issue 54, decision 092): the free trial ends in 3 days, or today, and no plan was chosen.
 * Past its end ReFeed is read only until a plan is chosen; nothing is deleted.
 */
export function renderTrialEndingEmail(data: {
  to: string;
  firstName: string | null;
  organisationName: string | null;
  planName: string | null;
  when: string | null;
  trialEnd: string | null;
  url: string;
  locale?: OwnerLocale;
}): OutgoingMail {
  const { m, wrap, closing, hello, link } = ownerEmailKit(data.locale ?? 'fr');
  const organisation = escapeHtml(data.organisationName ?? m.emails_default_organisation());
  const today = data.when === 'day';
  const plan = escapeHtml(data.planName ?? '');
  const end = data.trialEnd ? ` ${m.emails_trial_end({ date: escapeHtml(data.trialEnd) })}` : '';
  return {
    to: data.to,
    subject: today ? m.emails_trial_subject_today() : m.emails_trial_subject_soon(),
    html: wrap(
      `<p>${hello(data.firstName)}</p>
<p>${today ? m.emails_trial_today({ plan, organisation }) : m.emails_trial_soon({ plan, organisation })}${end}.</p>
<p>${m.emails_trial_after()}</p>
${emailButton(link(data.url), m.emails_trial_button())}
${closing()}`,
    ),
  };
}
