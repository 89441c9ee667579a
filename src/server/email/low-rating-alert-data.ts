import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers, feedbacks, lowRatingAlertItems, visits } from '../db/schema';
import { formatDateTime } from '../../shared/format';
import { ownerMessages } from '../../shared/i18n/owner';
import { withLang } from '../../shared/rules/lang-link';
import type { OwnerLocale } from '../../shared/rules/locales';
import type { TemplateData, TemplateListItem } from '../../shared/rules/email-template';
import { paths } from '../../shared/paths';
import { qrLabelShown } from '../../shared/rules/qr-label';

/** One low rating as an alert lists it (decision 036). */
export type AlertedRating = {
  feedbackId: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
  tableLabel: string | null;
  firstName: string | null;
  lastName: string | null;
  /** The diner's confirmed address (the Reply-To only ever names this one: decision 024). */
  email: string | null;
  /**
   * An address typed on the diner's device and not confirmed yet (customers.unconfirmed_email, decision
   * 075), shown « non confirmé » so the owner can reach the diner (issue 48); never a Reply-To.
   */
  pendingEmail?: string | null;
  phone: string | null;
};

/** A rating as the emails about it show it: the feedback and the table it came from (joined from visits). */
export const RATING_COLUMNS = {
  feedbackId: feedbacks.id,
  rating: feedbacks.rating,
  comment: feedbacks.comment,
  createdAt: feedbacks.createdAt,
  tableLabel: visits.tableLabel,
};

/**
 * The ratings an alert claimed, oldest first, with what the owner needs to act on each; or the one
 * feedback of an alert queued by an older version (one email per feedback).
 */
export async function readAlertedRatings(db: Db, of: { alertId: string } | { feedbackId: string; restaurantId: string }): Promise<AlertedRating[]> {
  const where =
    'alertId' in of
      ? inArray(feedbacks.id, db.select({ id: lowRatingAlertItems.feedbackId }).from(lowRatingAlertItems).where(eq(lowRatingAlertItems.alertId, of.alertId)))
      : and(eq(feedbacks.id, of.feedbackId), eq(feedbacks.restaurantId, of.restaurantId));
  return db
    .select({
      ...RATING_COLUMNS,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.phone,
      pendingEmail: customers.unconfirmedEmail,
    })
    .from(feedbacks)
    .leftJoin(visits, eq(visits.id, feedbacks.visitId))
    .leftJoin(customers, eq(customers.id, feedbacks.customerId))
    .where(where)
    .orderBy(asc(feedbacks.createdAt), asc(feedbacks.id));
}

const clean = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/** Who left the rating, as the alert names them: their name, else 'un client anonyme à la table X' (in the owner's language). */
export function dinerWording(rating: Pick<AlertedRating, 'firstName' | 'lastName' | 'tableLabel'>, locale: OwnerLocale = 'fr'): string {
  const name = [clean(rating.firstName), clean(rating.lastName)].filter(Boolean).join(' ');
  if (name) return name;
  const table = clean(qrLabelShown(rating.tableLabel, locale));
  const m = ownerMessages(locale);
  return table ? m.emails_alert_anonymous_at_table({ table }) : m.emails_alert_anonymous();
}

/** How to reach the diner (email, phone), or null: the alert says 'prenez contact' only when there is one. */
export function contactWording(rating: Pick<AlertedRating, 'email' | 'phone'> & { pendingEmail?: string | null }, locale: OwnerLocale = 'fr'): string | null {
  const pending = clean(rating.pendingEmail);
  const typed = pending && pending.toLowerCase() !== clean(rating.email)?.toLowerCase() ? ownerMessages(locale).emails_alert_unconfirmed({ email: pending }) : null;
  const parts = [clean(rating.email), typed, clean(rating.phone)].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The link to one review on /avis, absolute (it is followed from a mailbox), under the venue's base (shared/venue.ts). */
export const reviewUrlOf = (venueBase: string, feedbackId: string) => `${venueBase}${paths.reviews.href({ feedback: feedbackId })}`;

/** One rating of an alert or a digest, in the owner's language; `venueBase` is the venue's owner address (`venueBaseUrl`). */
export function alertListItem(rating: AlertedRating, venueBase: string, locale: OwnerLocale = 'fr'): TemplateListItem {
  return {
    rating: rating.rating,
    comment: clean(rating.comment),
    label: clean(qrLabelShown(rating.tableLabel, locale)),
    created_at: formatDateTime(rating.createdAt, locale),
    diner: dinerWording(rating, locale),
    contact: contactWording(rating, locale),
    review_url: withLang(reviewUrlOf(venueBase, rating.feedbackId), locale),
  };
}

/**
 * The alert's template data: the list (`low_ratings`), its size, `grouped` when it holds more than one,
 * and the first rating's fields at the top level (so a template written for one rating still reads
 * right). Reply-To: the diner's address when every listed rating comes from the same diner with one.
 */
export function alertTemplateData(ratings: readonly AlertedRating[], venueBase: string, locale: OwnerLocale = 'fr'): { data: TemplateData; replyTo: string | null } {
  const items = ratings.map((rating) => alertListItem(rating, venueBase, locale));
  const first = items[0] ?? {};
  const emails = new Set(ratings.map((rating) => clean(rating.email)?.toLowerCase() ?? null));
  const [only] = [...emails];
  return {
    data: {
      ...first,
      first_name: clean(ratings[0]?.firstName) ?? '',
      admin_feedback_url: first.review_url ?? null,
      low_ratings: items,
      low_rating_count: items.length,
      grouped: items.length > 1 ? 'oui' : null,
    },
    replyTo: emails.size === 1 && only ? only : null,
  };
}

/**
 * Appended to an owner's alert template that does not list the ratings (written before grouping):
 * a grouped alert must still show every rating it claimed.
 */
export const LOW_RATINGS_BLOCK = [
  '{{#low_ratings}}',
  '<div style="border-left:3px solid #f59e0b;padding:4px 12px;margin:16px 0">',
  '<p style="margin:0"><strong>{{rating}}/5</strong> — {{created_at}}{{#label}} — {{label}}{{/label}}</p>',
  '<p style="margin:4px 0 0">Laissé par {{diner}}</p>',
  '{{#comment}}<p style="margin:4px 0 0">« {{comment}} »</p>{{/comment}}',
  '{{#contact}}<p style="margin:4px 0 0">Contact : {{contact}} — prenez contact rapidement pour comprendre ce qui n’a pas fonctionné.</p>{{/contact}}',
  '<p style="margin:4px 0 0"><a href="{{review_url}}">Voir l’avis</a></p>',
  '</div>',
  '{{/low_ratings}}',
].join('\n');

/** The same list in English (issue #53): the English defaults' and an English owner's added list. */
export const LOW_RATINGS_BLOCK_EN = [
  '{{#low_ratings}}',
  '<div style="border-left:3px solid #f59e0b;padding:4px 12px;margin:16px 0">',
  '<p style="margin:0"><strong>{{rating}}/5</strong> — {{created_at}}{{#label}} — {{label}}{{/label}}</p>',
  '<p style="margin:4px 0 0">Left by {{diner}}</p>',
  '{{#comment}}<p style="margin:4px 0 0">“{{comment}}”</p>{{/comment}}',
  '{{#contact}}<p style="margin:4px 0 0">Contact: {{contact}} — get in touch quickly to understand what went wrong.</p>{{/contact}}',
  '<p style="margin:4px 0 0"><a href="{{review_url}}">View the review</a></p>',
  '</div>',
  '{{/low_ratings}}',
].join('\n');

/** An owner's template with the list added when it has none (before `</body>` in a whole document), in the owner's language. */
export function withRatingsList(html: string, locale: OwnerLocale = 'fr'): string {
  if (/\{\{\s*#\s*low_ratings\s*\}\}/.test(html)) return html;
  const block = locale === 'en' ? LOW_RATINGS_BLOCK_EN : LOW_RATINGS_BLOCK;
  return /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${block}\n</body>`) : `${html}\n${block}`;
}
