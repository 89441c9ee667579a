import { formatCount, formatDateTimeFr } from '../../../shared/format';
import { emailButton, emailClosing, escapeHtml, wrapEmailHtml } from '../layout';
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
export function renderWelcomeOnboardingEmail(data: { to: string; firstName: string | null; restaurantName: string; publicUrl: string }): OutgoingMail {
  const name = escapeHtml(pickGreetingName(data.firstName, data.to));
  return {
    to: data.to,
    subject: 'Bienvenue sur ReFeed !',
    html: wrapEmailHtml(
      `<p>Bonjour ${name},</p>
<p>Votre adresse email est confirmée : merci d’avoir créé l’espace <strong>${escapeHtml(data.restaurantName)}</strong> sur ReFeed.</p>
<p><strong>La suite :</strong></p>
<ol style="margin:0 0 16px;padding-left:24px">
<li>Notre équipe vérifie les informations de votre restaurant, ${ACCOUNT_REVIEW_PROMISE.fr}.</li>
<li>Vous recevez un email dès que votre compte est validé.</li>
<li>Vous imprimez alors vos QR codes et recevez vos premiers avis clients.</li>
</ol>
<p>En attendant, votre espace affiche l’état de votre demande.</p>
${emailButton(`${data.publicUrl}/login`, 'Suivre ma demande')}
<p>Une question ? Répondez simplement à cet email.</p>
${emailClosing()}`,
    ),
  };
}

/** Confirms the address given at sign-up (link made by better-auth). */
export function renderVerificationEmail(data: { to: string; name: string; url: string }): OutgoingMail {
  return {
    to: data.to,
    subject: 'Confirmez votre adresse email',
    html: wrapEmailHtml(
      `<p>Bonjour ${escapeHtml(data.name || data.to.split('@')[0])},</p><p>Confirmez votre adresse email pour activer votre espace ReFeed.</p>${emailButton(data.url, 'Confirmer mon email')}<p>Ce lien est valable 24 heures. Si vous n’avez pas créé de compte ReFeed, ignorez cet email.</p>${emailClosing()}`,
    ),
  };
}

/** The password-reset link (also used by `admin:create` to let a new administrator choose a password). */
export function renderResetPasswordEmail(data: { to: string; url: string }): OutgoingMail {
  return {
    to: data.to,
    subject: 'Réinitialisez votre mot de passe ReFeed',
    html: wrapEmailHtml(
      `<p>Bonjour,</p><p>Pour choisir un nouveau mot de passe, cliquez sur le bouton ci-dessous. Ce lien est valable une heure et ne sert qu’une fois.</p>${emailButton(data.url, 'Réinitialiser mon mot de passe')}<p>Si vous n’êtes pas à l’origine de cette demande, ignorez cet email.</p>${emailClosing()}`,
    ),
  };
}

/** The one-time sign-in link of the passwordless login. */
export function renderMagicLinkEmail(data: { to: string; url: string }): OutgoingMail {
  return {
    to: data.to,
    subject: 'Votre lien de connexion ReFeed',
    html: wrapEmailHtml(
      `<p>Bonjour,</p><p>Cliquez ci-dessous pour vous connecter. Ce lien est valable 15 minutes et ne sert qu’une fois.</p>${emailButton(data.url, 'Me connecter')}<p>Si vous n’avez rien demandé, ignorez cet email.</p>${emailClosing()}`,
    ),
  };
}

/**
 * Someone signed up with an address that already has an account: the sign-up answered as usual (it tells
 * nobody which addresses have an account) and the owner of the address is told here instead.
 */
export function renderAccountExistsEmail(data: { to: string; publicUrl: string }): OutgoingMail {
  return {
    to: data.to,
    subject: 'Tentative d’inscription avec votre adresse email',
    html: wrapEmailHtml(
      `<p>Bonjour,</p><p>Quelqu’un vient d’essayer de créer un compte ReFeed avec votre adresse email <strong>${escapeHtml(data.to)}</strong>. Un compte existe déjà avec cette adresse : aucun nouveau compte n’a été créé.</p><p>Si c’était vous, connectez-vous à votre espace. Si vous avez oublié votre mot de passe, réinitialisez-le.</p>${emailButton(`${data.publicUrl}/login`, 'Me connecter')}<p><a href="${escapeHtml(`${data.publicUrl}/forgot-password`)}">Réinitialiser mon mot de passe</a></p><p>Si vous n’êtes pas à l’origine de cette demande, ignorez cet email : votre compte n’a pas changé.</p>${emailClosing()}`,
    ),
  };
}

/**
 * team_invitation (decision 053): someone of an organisation invites this address to join its team, with
 * the role and venues chosen. The link carries the raw token (only its hash is stored) and works once,
 * for seven days.
 */
export function renderTeamInvitationEmail(data: {
  to: string;
  url: string;
  organisationName: string | null;
  inviterName: string | null;
  roleLabel: string | null;
  venues: string | null;
  expiresOn: string | null;
}): OutgoingMail {
  const organisation = data.organisationName ?? 'une équipe';
  const inviter = data.inviterName ?? 'Un membre de l’équipe';
  const role = data.roleLabel ? `<p>Votre rôle : <strong>${escapeHtml(data.roleLabel)}</strong>.</p>` : '';
  const venues = data.venues ? `<p>Établissements : ${escapeHtml(data.venues)}.</p>` : '';
  const expiry = data.expiresOn ? `jusqu’au ${escapeHtml(data.expiresOn)}` : 'pendant 7 jours';
  return {
    to: data.to,
    subject: `${inviter} vous invite à rejoindre ${organisation} sur ReFeed`,
    html: wrapEmailHtml(
      `<p>Bonjour,</p>
<p>${escapeHtml(inviter)} vous invite à rejoindre l’équipe de <strong>${escapeHtml(organisation)}</strong> sur ReFeed.</p>
${role}${venues}
${emailButton(data.url, 'Rejoindre l’équipe')}
<p>Ce lien est valable ${expiry} et ne sert qu’une fois. Si vous ne vous attendiez pas à cette invitation, ignorez cet email.</p>
${emailClosing()}`,
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
}): OutgoingMail {
  const organisation = escapeHtml(data.organisationName ?? 'votre organisation');
  const plan = escapeHtml(data.planName ?? '');
  const usage = `${formatCount(data.used)} sur ${formatCount(data.limit)}`;
  const full = data.level >= 100;
  const what = full
    ? `<p>${organisation} a envoyé tous les emails clients compris dans l’offre ${plan} ce mois-ci (${usage}). Les avis, les points et les liens d’avis continuent ; les emails aux clients ne partent plus jusqu’au mois prochain.</p>`
    : `<p>${organisation} a envoyé ${data.level} % des emails clients compris dans l’offre ${plan} ce mois-ci (${usage}). Au-delà de la limite, les emails aux clients ne partiront plus jusqu’au mois prochain.</p>`;
  return {
    to: data.to,
    subject: full ? `Quota d’emails clients atteint (offre ${data.planName ?? ''})` : `${data.level} % de votre quota d’emails clients (offre ${data.planName ?? ''})`,
    html: wrapEmailHtml(
      `<p>Bonjour${data.firstName ? ` ${escapeHtml(data.firstName)}` : ''},</p>
${what}
<p>Pour continuer à écrire à vos clients, passez à une offre supérieure ou demandez une limite plus haute.</p>
${emailButton(data.url, 'Voir mon abonnement')}
${emailClosing()}`,
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
}): OutgoingMail {
  if (data.reason === 'paused') return renderWebhookPausedEmail({ ...data, pausedUntil: data.pausedUntil ?? null });
  const why =
    data.reason === 'gone'
      ? 'votre serveur a répondu « 410 Gone », ce qui signifie qu’il ne veut plus recevoir ces événements'
      : 'les envois échouent depuis plus de 3 jours';
  return {
    to: data.to,
    subject: 'Webhook désactivé',
    html: wrapEmailHtml(
      `<p>Bonjour${data.firstName ? ` ${escapeHtml(data.firstName)}` : ''},</p>
<p>Nous avons désactivé le point de terminaison <strong>${escapeHtml(data.endpointUrl)}</strong> de votre organisation « ${escapeHtml(data.organisationName)} » : ${why}.</p>
<p>Les nouveaux événements ne lui sont plus envoyés tant qu’il reste désactivé. Une fois le problème corrigé, réactivez-le depuis sa page, où vous pourrez aussi renvoyer les envois qui ont échoué.</p>
${emailButton(data.url, 'Voir le point de terminaison')}
${emailClosing()}`,
    ),
  };
}

/**
 * The same template's `paused` reason (issue 50, decision 077): the circuit breaker paused an endpoint that failed
 * several times in a row. Its events wait and are sent when the pause ends; sent once per run of failures.
 */
function renderWebhookPausedEmail(data: { to: string; firstName: string | null; organisationName: string; endpointUrl: string; pausedUntil: string | null; url: string }): OutgoingMail {
  const until = data.pausedUntil && !Number.isNaN(Date.parse(data.pausedUntil)) ? ` jusqu’au ${formatDateTimeFr(data.pausedUntil)}` : '';
  return {
    to: data.to,
    subject: 'Webhook en pause',
    html: wrapEmailHtml(
      `<p>Bonjour${data.firstName ? ` ${escapeHtml(data.firstName)}` : ''},</p>
<p>Le point de terminaison <strong>${escapeHtml(data.endpointUrl)}</strong> de votre organisation « ${escapeHtml(data.organisationName)} » ne répond plus : les derniers envois ont échoué ou dépassé le délai. Nous le mettons en pause${escapeHtml(until)}.</p>
<p>Ses événements ne sont pas perdus : ils attendent et lui seront envoyés à la fin de la pause. Si les échecs continuent, la pause s’allonge. Une fois votre serveur rétabli, « Envoyer un test » depuis sa page le remet en service aussitôt s’il répond.</p>
${emailButton(data.url, 'Voir le point de terminaison')}
${emailClosing()}`,
    ),
  };
}

/**
 * billing_payment_failed (issue 54, decision 092): a subscription payment failed. Stripe retries; the
 * propriétaire updates the payment method from /abonnement; 14 days past due, ReFeed turns read only
 * (ratings and points go on, diners get no email), and a payment restores everything at once.
 */
export function renderPaymentFailedEmail(data: { to: string; firstName: string | null; organisationName: string | null; planName: string | null; amount: string | null; url: string }): OutgoingMail {
  const organisation = escapeHtml(data.organisationName ?? 'votre organisation');
  const amount = data.amount ? ` de ${escapeHtml(data.amount)}` : '';
  const plan = data.planName ? ` (forfait ${escapeHtml(data.planName)})` : '';
  return {
    to: data.to,
    subject: 'Le paiement de votre abonnement ReFeed a échoué',
    html: wrapEmailHtml(
      `<p>Bonjour${data.firstName ? ` ${escapeHtml(data.firstName)}` : ''},</p>
<p>Le paiement${amount} de l’abonnement ReFeed de « ${organisation} »${plan} n’a pas abouti. Nous réessaierons automatiquement dans les prochains jours.</p>
<p>Pour éviter toute interruption, vérifiez ou mettez à jour votre moyen de paiement. Sans paiement sous 14 jours, ReFeed passera en lecture seule : vos clients pourront toujours noter et cumuler leurs points, mais ne recevront plus d’emails. Tout revient dès le paiement.</p>
${emailButton(data.url, 'Mettre à jour mon paiement')}
${emailClosing()}`,
    ),
  };
}

/**
 * trial_ending (issue 54, decision 092): the free trial ends in 3 days, or today, and no plan was chosen.
 * Past its end ReFeed is read only until a plan is chosen; nothing is deleted.
 */
export function renderTrialEndingEmail(data: { to: string; firstName: string | null; organisationName: string | null; planName: string | null; when: string | null; trialEnd: string | null; url: string }): OutgoingMail {
  const organisation = escapeHtml(data.organisationName ?? 'votre organisation');
  const today = data.when === 'day';
  const plan = escapeHtml(data.planName ?? '');
  const end = data.trialEnd ? escapeHtml(data.trialEnd) : '';
  return {
    to: data.to,
    subject: today ? 'Votre essai gratuit de ReFeed se termine aujourd’hui' : 'Votre essai gratuit de ReFeed se termine dans 3 jours',
    html: wrapEmailHtml(
      `<p>Bonjour${data.firstName ? ` ${escapeHtml(data.firstName)}` : ''},</p>
<p>${today ? `L’essai gratuit du forfait ${plan} pour « ${organisation} » se termine aujourd’hui` : `L’essai gratuit du forfait ${plan} pour « ${organisation} » se termine dans 3 jours`}${end ? ` (le ${end})` : ''}.</p>
<p>Choisissez un forfait pour continuer sans interruption : sans engagement en mensuel, résiliable en un clic. Sans forfait, ReFeed passera en lecture seule : vos données sont conservées et vos clients continuent de noter et de cumuler leurs points.</p>
${emailButton(data.url, 'Choisir mon forfait')}
${emailClosing()}`,
    ),
  };
}
