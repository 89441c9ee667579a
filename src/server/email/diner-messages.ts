/**
 * The fixed words of every email a diner receives, in the five languages (issue 52, decision 091): the
 * layout's signature and logo label, the unsubscribe line, the greetings and sign-off, the confirmation
 * block of the first email, the confirmation and card-recovery email, the private reply's gift line and
 * the erasure link. The texts live in the email catalogue (src/shared/i18n/email/messages/<locale>.json,
 * Paraglide JS, decision 089; French the source, the words the product always sent): this module gives
 * them the shapes the templates use (numbers through shared/format.ts, French's « chez … »). A message
 * missing in a language fails the type check and src/shared/i18n/catalogues.test.ts.
 * The owner's own texts (the automations' subjects and bodies) are not here: they are theirs, per
 * language, on /automations.
 *
 * Every function returns plain text (callers escape it) except those named `…Html`, which take HTML
 * already escaped and return HTML.
 */
import { formatCount } from '../../shared/format';
import { emailMessages } from '../../shared/i18n/email';
import { atRestaurant } from '../../shared/rules/restaurant-name';
import { LOCALES, type Locale } from '../../shared/rules/locales';
import { escapeHtml } from './escape';

export type DinerEmailMessages = {
  /** The grey line under a diner email (none under white label). */
  sentWith: string;
  logoLabel: (restaurant: string) => string;
  unsubscribeWhyMarketing: (restaurant: string) => string;
  unsubscribeWhyVisit: (restaurant: string) => string;
  unsubscribe: string;
  hello: string;
  /** « Bonjour Marie, » (plain text; the caller escapes it). */
  helloName: (firstName: string) => string;
  /** The sign-off before the restaurant's name. */
  closing: string;
  /** « 1 point », « 20 points »: the count in the language's digits and its agreeing noun. */
  points: (count: number) => string;
  /** « Confirmez votre email pour garder vos 20 points » (no number without points: never « 0 points »). */
  confirmHeadline: (points: number) => string;
  /** The headline introducing the button (French puts a space before the colon). */
  headlineBeforeButton: (headline: string) => string;
  confirmBlockBody: string;
  confirmButton: string;
  /** The first email's safety line: the link works once, for `minutes`; ignore it if you did not visit. */
  confirmVisitSafety: (minutes: number) => string;
  linkSubject: (headline: string, restaurant: string) => string;
  linkIntroLow: (restaurant: string) => string;
  linkIntroVisit: (restaurant: string) => string;
  linkIntroRequest: (restaurant: string) => string;
  linkButton: string;
  linkSafety: (minutes: number) => string;
  /** The private reply's gift: `rewardHtml` is the escaped reward name in <strong>. */
  replyGiftHtml: (rewardHtml: string) => string;
  erasureSubject: (restaurant: string) => string;
  erasureIntro: (restaurant: string) => string;
  erasureAsk: string;
  erasureButton: string;
  erasureSafety: (minutes: number) => string;
  retentionSubject: (restaurant: string) => string;
  retentionIntro: (restaurant: string, period: string) => string;
  retentionAsk: string;
  retentionButton: string;
  retentionIfNothing: string;
  /** « 3 ans », « 1 an », « 18 mois » (decision 045's period, as the reminder says it). */
  retentionPeriod: (months: number) => string;
  /** The pages the reminder's and the unsubscribe links open (/rester, /u): plain text, except `…Html`. */
  stayInvalidTitle: string;
  stayInvalidBody: string;
  stayGoneTitle: string;
  stayGoneBody: string;
  stayAskBody: string;
  stayDoneTitle: string;
  stayDoneBodyHtml: (restaurant: string) => string;
  unsubInvalidTitle: string;
  unsubInvalidBody: string;
  unsubDoneTitle: string;
  unsubDoneGeneric: string;
  unsubBodyHtml: (restaurant: string) => string;
  unsubButton: string;
  unsubDoneHtml: (restaurant: string | null) => string;
};

/** « chez Le Bistrot » in French (without doubling a name's own preposition); the name alone elsewhere. */
const restaurantAt = (locale: Locale, restaurant: string) => (locale === 'fr' ? atRestaurant(restaurant) : restaurant);

/** Stands for the reward in the gift line while its text is escaped (no catalogue text holds it). */
const REWARD_SLOT = '%%reward%%';

/** The restaurant's name in bold, in French between « » (the product's wording since the start). */
const restaurantStrong = (locale: Locale, restaurant: string) => (locale === 'fr' ? `<strong>« ${escapeHtml(restaurant)} »</strong>` : `<strong>${escapeHtml(restaurant)}</strong>`);

/** A catalogue text escaped, with the restaurant's bold name put where `{restaurant}` stands. */
const withRestaurantHtml = (text: (restaurant: string) => string, locale: Locale, restaurant: string) => escapeHtml(text(REWARD_SLOT)).replace(REWARD_SLOT, restaurantStrong(locale, restaurant));

function messagesFor(locale: Locale): DinerEmailMessages {
  const m = emailMessages(locale);
  const points = (count: number) => m.points_count({ count, points: formatCount(count, locale) });
  return {
    sentWith: m.sent_with({}),
    logoLabel: (restaurant) => m.logo_label({ restaurant }),
    unsubscribeWhyMarketing: (restaurant) => m.unsubscribe_why_marketing({ restaurant }),
    unsubscribeWhyVisit: (restaurant) => m.unsubscribe_why_visit({ restaurant }),
    unsubscribe: m.unsubscribe({}),
    hello: m.hello({}),
    helloName: (firstName) => m.layout_greeting({ firstName }),
    closing: m.closing({}),
    points,
    confirmHeadline: (count) => (count > 0 ? m.confirm_headline({ count, points: formatCount(count, locale) }) : m.confirm_headline_no_points({})),
    headlineBeforeButton: (headline) => m.headline_before_button({ headline }),
    confirmBlockBody: m.confirm_block_body({}),
    confirmButton: m.confirm_button({}),
    confirmVisitSafety: (minutes) => m.confirm_visit_safety({ minutes: formatCount(minutes, locale) }),
    linkSubject: (headline, restaurant) => m.link_subject({ headline, restaurant }),
    linkIntroLow: (restaurant) => m.link_intro_low({ restaurantAt: restaurantAt(locale, restaurant) }),
    linkIntroVisit: (restaurant) => m.link_intro_visit({ restaurantAt: restaurantAt(locale, restaurant) }),
    linkIntroRequest: (restaurant) => m.link_intro_request({ restaurantAt: restaurantAt(locale, restaurant) }),
    linkButton: m.link_button({}),
    linkSafety: (minutes) => m.link_safety({ minutes: formatCount(minutes, locale) }),
    replyGiftHtml: (rewardHtml) => escapeHtml(m.reply_gift({ reward: REWARD_SLOT })).replace(REWARD_SLOT, rewardHtml),
    erasureSubject: (restaurant) => m.erasure_subject({ restaurant }),
    erasureIntro: (restaurant) => m.erasure_intro({ restaurant }),
    erasureAsk: m.erasure_ask({}),
    erasureButton: m.erasure_button({}),
    erasureSafety: (minutes) => m.erasure_safety({ minutes: formatCount(minutes, locale) }),
    retentionSubject: (restaurant) => m.retention_subject({ restaurant }),
    retentionIntro: (restaurant, period) => m.retention_intro({ restaurantAt: restaurantAt(locale, restaurant), period }),
    retentionAsk: m.retention_ask({}),
    retentionButton: m.retention_button({}),
    retentionIfNothing: m.retention_if_nothing({}),
    retentionPeriod: (months) =>
      months % 12 === 0 ? m.retention_years({ count: months / 12, n: formatCount(months / 12, locale) }) : m.retention_months({ count: months, n: formatCount(months, locale) }),
    stayInvalidTitle: m.stay_invalid_title({}),
    stayInvalidBody: m.stay_invalid_body({ button: m.retention_button({}) }),
    stayGoneTitle: m.stay_gone_title({}),
    stayGoneBody: m.stay_gone_body({}),
    stayAskBody: m.stay_ask_body({}),
    stayDoneTitle: m.stay_done_title({}),
    stayDoneBodyHtml: (restaurant) => withRestaurantHtml((slot) => m.stay_done_body({ restaurant: slot }), locale, restaurant),
    unsubInvalidTitle: m.unsub_invalid_title({}),
    unsubInvalidBody: m.unsub_invalid_body({ unsubscribe: m.unsubscribe({}) }),
    unsubDoneTitle: m.unsub_done_title({}),
    unsubDoneGeneric: m.unsub_done_generic({}),
    unsubBodyHtml: (restaurant) => withRestaurantHtml((slot) => m.unsub_body({ restaurant: slot }), locale, restaurant),
    unsubButton: m.unsub_button({}),
    unsubDoneHtml: (restaurant) => (restaurant ? withRestaurantHtml((slot) => m.unsub_done_named({ restaurant: slot }), locale, restaurant) : escapeHtml(m.unsub_done_plain({}))),
  };
}

/** Built once per language (the fixed texts are plain strings; the others fill their values per call). */
const DINER_EMAIL_MESSAGES = new Map<Locale, DinerEmailMessages>(LOCALES.map((locale) => [locale, messagesFor(locale)]));

/** The fixed words of a diner's email in `locale`. */
export function dinerEmailMessages(locale: Locale): DinerEmailMessages {
  return DINER_EMAIL_MESSAGES.get(locale)!;
}
