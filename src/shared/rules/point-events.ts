import type { OwnerLocale } from './locales';

/**
 * Why points moved without a rating (point_events.reason; null: the points a rating earned), and how the
 * owner's pages say it. The server writes the codes, the pages read the labels: one table for both.
 */
export const POINT_EVENT_REASONS = {
  /** Points over the daily cap taken back when two records of one diner were merged. */
  capAfterMerge: 'daily_cap_after_merge',
  /** The cost of a reward, paid from the balance when it was unlocked (decision 024). */
  rewardUnlocked: 'reward_unlocked',
  /** Points given back: a pending reward withdrawn because a merge took back the points that had paid it. */
  rewardWithdrawnAfterMerge: 'reward_withdrawn_after_merge',
} as const;

type Labels = { reasons: Record<string, string>; rated: string; other: string };
const LABELS: Record<OwnerLocale, Labels> = {
  fr: {
    reasons: {
      [POINT_EVENT_REASONS.capAfterMerge]: 'Plafond journalier (comptes fusionnés)',
      [POINT_EVENT_REASONS.rewardUnlocked]: 'Récompense débloquée',
      [POINT_EVENT_REASONS.rewardWithdrawnAfterMerge]: 'Récompense retirée (comptes fusionnés)',
    },
    rated: 'Visite notée',
    other: 'Ajustement de points',
  },
  en: {
    reasons: {
      [POINT_EVENT_REASONS.capAfterMerge]: 'Daily cap (merged records)',
      [POINT_EVENT_REASONS.rewardUnlocked]: 'Reward unlocked',
      [POINT_EVENT_REASONS.rewardWithdrawnAfterMerge]: 'Reward withdrawn (merged records)',
    },
    rated: 'Rated visit',
    other: 'Points adjustment',
  },
};

/** A point event's line on the customer's page, in the owner's language: 'Visite notée' for a rating's points. */
export function pointEventLabel(reason: string | null, locale: OwnerLocale = 'fr'): string {
  const labels = LABELS[locale];
  if (reason === null) return labels.rated;
  return labels.reasons[reason] ?? labels.other;
}
