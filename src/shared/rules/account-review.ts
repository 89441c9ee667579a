/**
 * The one promise ReFeed makes about the platform team's validation of a new account (issue #53): the
 * sign-up page, the pending page, the setup wizard, the welcome email, the team's own notice and the
 * site's FAQ all say it from here, so a restaurateur never reads two different delays.
 */
export const ACCOUNT_REVIEW_PROMISE = {
  fr: 'sous 24 heures (jours ouvrés)',
  en: 'within 24 hours (working days)',
} as const satisfies Record<'fr' | 'en', string>;
