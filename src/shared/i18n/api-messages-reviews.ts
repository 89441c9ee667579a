import { REVIEW_LINK_MESSAGES, REVIEW_LINK_MESSAGES_EN } from '../rules/review-url';
import { DASHBOARD_MESSAGES, DASHBOARD_MESSAGES_EN } from '../schemas/dashboard';
import { EMAIL_USAGE_MESSAGES, EMAIL_USAGE_MESSAGES_EN } from '../schemas/email-usage';
import { FILTER_DAY_MESSAGES, FILTER_DAY_MESSAGES_EN } from '../schemas/filter-day';
import { INBOX_MESSAGES, INBOX_MESSAGES_EN } from '../schemas/inbox';

/**
 * The reviews area's French → English message pairs (issue #53, decision 097): /avis, the dashboard, the
 * review link and the diner-email quota, registered in one line of api-messages.ts's PAIRS.
 */
export const REVIEWS_AREA_PAIRS = [
  [INBOX_MESSAGES, INBOX_MESSAGES_EN],
  [FILTER_DAY_MESSAGES, FILTER_DAY_MESSAGES_EN],
  [DASHBOARD_MESSAGES, DASHBOARD_MESSAGES_EN],
  [EMAIL_USAGE_MESSAGES, EMAIL_USAGE_MESSAGES_EN],
  [REVIEW_LINK_MESSAGES, REVIEW_LINK_MESSAGES_EN],
] as const;
