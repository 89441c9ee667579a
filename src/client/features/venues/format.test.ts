import { describe, expect, it } from 'vitest';
import { ownerMessages } from '../../../shared/i18n/owner';
import { formatRoleFr } from '../../../shared/rules/roles';
import { ROLES } from '../../../shared/rules/permissions';
import { RESTAURANT_STATUSES } from '../../../shared/rules/restaurant-status';
import { VENUE_COLUMN_LABELS, VENUE_PERIOD_LABELS, VENUE_SORT_KEYS, VENUE_STATUS_LABELS } from '../../../shared/schemas/venues';
import { columnLabel, figureText, formatPeriod, periodLabel, roleLabel, statusLabel } from './format';

const fr = ownerMessages('fr');
const en = ownerMessages('en');
const figures = { feedbacks: 1234, averageRating: 4.3, goodShare: 0.67, reviewInvites: 0, lowUnhandled: 2, rewardsRedeemed: 0 };

describe('the venues’ words and figures in the owner’s language (issue #53)', () => {
  it('keeps the French of the columns, statuses, roles and periods exactly as the shared labels', () => {
    for (const key of VENUE_SORT_KEYS) expect(columnLabel(fr, key)).toBe(VENUE_COLUMN_LABELS[key]);
    for (const status of RESTAURANT_STATUSES) expect(statusLabel(fr, status)).toBe(VENUE_STATUS_LABELS[status]);
    for (const role of ROLES) expect(roleLabel(fr, role)).toBe(formatRoleFr(role));
    expect(periodLabel(fr, '30d')).toBe(`${VENUE_PERIOD_LABELS['30d']} (aujourd’hui compris)`);
    expect(periodLabel(fr, 'custom')).toBe(VENUE_PERIOD_LABELS.custom);
  });

  it('says them in English', () => {
    expect(VENUE_SORT_KEYS.map((key) => columnLabel(en, key))).toEqual(['Venue', 'Ratings', 'Average', '4–5★ share', 'Public review invitations', 'Unhandled low ratings', 'Rewards handed over']);
    expect(statusLabel(en, 'pending')).toBe('Awaiting approval');
    expect(roleLabel(en, 'owner')).toBe('Owner');
    expect(periodLabel(en, '7d')).toBe('7 days (including today)');
  });

  it('formats the figures and the period in the owner’s locale', () => {
    expect(['feedbacks', 'averageRating', 'goodShare'].map((key) => figureText(key as 'feedbacks', figures, 'fr'))).toEqual(['1\u202f234', '4,3 ★', '67\u00a0%']);
    expect(['feedbacks', 'averageRating', 'goodShare'].map((key) => figureText(key as 'feedbacks', figures, 'en'))).toEqual(['1,234', '4.3 ★', '67%']);
    expect(figureText('averageRating', { ...figures, averageRating: null }, 'en')).toBe('—');
    expect(formatPeriod({ from: '2026-03-01', to: '2026-03-20' }, fr, 'fr')).toBe('du 1 mars 2026 au 20 mars 2026');
    expect(formatPeriod({ from: '2026-03-01', to: '2026-03-01' }, fr, 'fr')).toBe('le 1 mars 2026');
    expect(formatPeriod({ from: '2026-03-01', to: '2026-03-20' }, en, 'en')).toBe('from 1 March 2026 to 20 March 2026');
  });
});
