import type { EnglishOf } from '../i18n/english-of';

/** The days and counts of the dashboard (spec §2, §9). */
export const DASHBOARD_VISITS_DAYS = 7;
export const DASHBOARD_RECENT_FEEDBACKS = 10;
export const DASHBOARD_CHART_DAYS = 30;
export const GOOD_RATING = 4;
/** From this Paris hour the dashboard also shows the evening's numbers ('depuis 16 h'). */
export const DASHBOARD_EVENING_HOUR = 16;

export const DASHBOARD_EMPTY_FEEDBACKS = 'Aucun avis pour le moment. Imprimez vos QR codes et posez-les sur vos tables pour recueillir les premiers avis.';
export const NO_REVIEW_LINK_WARNING = 'Aucun lien d’avis public n’est configuré : vos clients satisfaits ne peuvent pas laisser d’avis.';

/** The dashboard API's messages and their English twin (issue #53; the page's own words are the owner catalogue's). */
export const DASHBOARD_MESSAGES = { restaurantNotFound: 'Restaurant introuvable', emptyFeedbacks: DASHBOARD_EMPTY_FEEDBACKS, noReviewLink: NO_REVIEW_LINK_WARNING } as const;
export const DASHBOARD_MESSAGES_EN: EnglishOf<typeof DASHBOARD_MESSAGES> = {
  restaurantNotFound: 'Restaurant not found',
  emptyFeedbacks: 'No reviews yet. Print your QR codes and put them on your tables to collect your first reviews.',
  noReviewLink: 'No public review link is set up: your happy diners cannot leave a review.',
};

export type TDashboard = {
  restaurantName: string;
  role: string;
  hasReviewLink: boolean;
  counters: {
    /** Visits of the last 7 Paris calendar days, today included. */
    visitsLast7Days: number;
    /** Average of the last 10 ratings, one decimal; null shows 'N/A'. */
    averageRating: number | null;
    /** Of those 10, how many are 4 or more (the diners sent to the public review page). */
    goodRatings: number;
    recentCount: number;
  };
  /** Today's feedbacks (Paris calendar day): count and average, one decimal (null without any). */
  today: { count: number; averageRating: number | null };
  /** After 16:00 Paris: the feedbacks since 16:00 today; null before. */
  sinceEvening: { count: number; averageRating: number | null } | null;
  recentFeedbacks: Array<{ id: string; rating: number; comment: string | null; createdAt: string; firstName: string | null; tableLabel: string | null }>;
  /**
   * The owner's to-do list, each ticked by the owner's own action: QR codes printed or downloaded, a
   * review link set, a reward created or edited, the automations opened.
   */
  todo: { hasQrCodes: boolean; hasReviewLink: boolean; hasRewards: boolean; hasOpenedAutomations: boolean };
  /** The last 30 Paris days, oldest first: feedbacks per day and their average rating (null without any). */
  daily: Array<{ day: string; feedbacks: number; averageRating: number | null; visits: number }>;
};
