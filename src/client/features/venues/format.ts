import { formatCount, formatDecimal, formatPercent, LOCALE_TAGS } from '../../../shared/format';
import type { OwnerMessages } from '../../../shared/i18n/owner';
import type { OwnerLocale } from '../../../shared/rules/locales';
import type { RestaurantStatus } from '../../../shared/rules/restaurant-status';
import type { Role } from '../../../shared/rules/permissions';
import type { TVenueFigures, TVenuePeriod, TVenueSortKey } from '../../../shared/schemas/venues';

/** The venues' figures through the one formatter ('4,3 ★' / '4.3 ★', '1 234' / '1,234', '67 %' / '67%'); '—' where there is none. */
export const formatAverage = (value: number | null, locale: OwnerLocale) => (value === null ? '—' : `${formatDecimal(value, 1, locale)} ★`);
export const formatShare = (value: number | null, locale: OwnerLocale) => (value === null ? '—' : formatPercent(value, locale));

/** A figure as the table shows it (and a screen reader says it where the cell shows '—'). */
export function figureText(key: keyof TVenueFigures, figures: TVenueFigures, locale: OwnerLocale): string {
  const value = figures[key];
  if (key === 'averageRating') return formatAverage(value, locale);
  if (key === 'goodShare') return formatShare(value, locale);
  return formatCount(value ?? 0, locale);
}

/** 'du 1 mars 2026 au 20 mars 2026' / 'from 1 March 2026 to 20 March 2026' from two Paris days. */
export function formatPeriod(period: { from: string; to: string }, m: OwnerMessages, locale: OwnerLocale): string {
  const format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const day = (value: string) => format.format(new Date(`${value}T00:00:00Z`));
  return period.from === period.to ? m.venues_period_day({ day: day(period.from) }) : m.venues_period_range({ from: day(period.from), to: day(period.to) });
}

/** The consolidated view's column names. */
export function columnLabel(m: OwnerMessages, key: TVenueSortKey): string {
  const labels: Record<TVenueSortKey, () => string> = {
    name: m.venues_column_name,
    feedbacks: m.venues_column_feedbacks,
    averageRating: m.venues_column_average,
    goodShare: m.venues_column_good_share,
    reviewInvites: m.venues_column_review_invites,
    lowUnhandled: m.venues_column_low_unhandled,
    rewardsRedeemed: m.venues_column_rewards_redeemed,
  };
  return labels[key]();
}

/** A venue's status as its badge says it. */
export function statusLabel(m: OwnerMessages, status: RestaurantStatus): string {
  const labels: Record<RestaurantStatus, () => string> = { approved: m.venues_status_approved, pending: m.venues_status_pending, suspended: m.venues_status_suspended, rejected: m.venues_status_rejected };
  return labels[status]();
}

/** The member's role there ('Propriétaire' / 'Owner'). */
export function roleLabel(m: OwnerMessages, role: Role): string {
  const labels: Record<Role, () => string> = { owner: m.venues_role_owner, manager: m.venues_role_manager, staff: m.venues_role_staff, viewer: m.venues_role_viewer };
  return labels[role]();
}

/** A period of the consolidated view's select: '30 jours (aujourd’hui compris)', 'Dates choisies'. */
export function periodLabel(m: OwnerMessages, period: TVenuePeriod): string {
  if (period === 'custom') return m.venues_period_custom();
  const label = { '7d': m.venues_period_7d, '30d': m.venues_period_30d, '90d': m.venues_period_90d }[period]();
  return m.venues_period_option({ label });
}
