import { venueBaseUrl } from '../../shared/venue';
import { SAMPLE_TEMPLATE_DATA, type TemplateData } from '../../shared/rules/email-template';
import { paths } from '../../shared/paths';
import { formatDate } from '../../shared/format';
import type { Locale } from '../../shared/rules/locales';
import { countedData } from './render';

/**
 * What each automation's sample looks like when it is real: the low-rating alert is about a low rating
 * (a 2-star visit and its complaint), not the 5 stars of a thank-you.
 */
const SAMPLE_BY_TEMPLATE: Partial<Record<string, TemplateData>> = {
  // One low rating (the first alert of an evening), not a grouped one.
  manager_alert_low_rating: {
    rating: 2,
    comment: 'Plat arrivé froid et 40 minutes d’attente.',
    points_added: 10,
    balance: 30,
    grouped: '',
    low_rating_count: 1,
    low_ratings: [{ rating: 2, comment: 'Plat arrivé froid et 40 minutes d’attente.', label: 'Table 4', created_at: '24 novembre 2026 à 20:15', diner: 'Camille', contact: 'camille@example.com', review_url: '' }],
  },
  review_nudge_3d: { rating: 5 },
};

/**
 * The data of a preview or a test send: the sample diner of SAMPLE_TEMPLATE_DATA, the rating that fits
 * the template, the restaurant's own name and review link, and links into this app made from its
 * PUBLIC_URL (the restaurant's diner page, the owner's dashboard).
 */
export function sampleEmailData(
  template: string,
  restaurant: { id: string; name: string; reviewUrl: string | null },
  publicUrl: string,
  /** The language of the text shown (decision 091): its counts and date are written in it. */
  locale: Locale = 'fr',
): TemplateData {
  const sample = { ...SAMPLE_TEMPLATE_DATA, ...SAMPLE_BY_TEMPLATE[template] };
  const counts = countedData({ balance: Number(sample.balance), points_added: Number(sample.points_added), reached: Number(sample.reached), reward_cost: Number(sample.reward_cost) }, locale);
  return {
    ...sample,
    ...(locale === 'fr' ? {} : { ...counts, reward_date: formatDate(new Date(Date.UTC(2026, 10, 24, 12)), locale) }),
    restaurant_name: restaurant.name,
    google_url: restaurant.reviewUrl ?? SAMPLE_TEMPLATE_DATA.google_url,
    restaurant_url: `${publicUrl}${paths.dinerFeedback.href(restaurant.id)}`,
    admin_feedback_url: `${venueBaseUrl(publicUrl, restaurant.id)}${paths.dashboard.href()}`,
    dashboard_url: `${venueBaseUrl(publicUrl, restaurant.id)}${paths.dashboard.href()}`,
    review_url: `${venueBaseUrl(publicUrl, restaurant.id)}${paths.reviews.href()}`,
    low_ratings: (Array.isArray(sample.low_ratings) ? sample.low_ratings : []).map((item) => ({ ...item, review_url: `${venueBaseUrl(publicUrl, restaurant.id)}${paths.reviews.href()}` })),
  };
}
