import { sql, type SQL } from 'drizzle-orm';
import { addDays, parisInstant, type PeriodRange } from '../../shared/rules/inbox-period';
import type { TInboxFilters } from '../../shared/schemas/inbox';

/**
 * The /avis filters (shared/schemas/inbox.ts) as conditions on `feedbacks f`: one definition read by the
 * owner's inbox (features/inbox) and the public API's feedback list (features/public-api, issue #31), so a
 * filter means the same in both. The period is a range of instants: whole Paris days, or from 16:00 Paris
 * today for 'ce soir'.
 */
export function feedbackFilterConditions(restaurantId: string, filters: TInboxFilters, range: PeriodRange): SQL[] {
  const where: SQL[] = [sql`f.restaurant_id = ${restaurantId}`];
  if (filters.rating === 'le3') where.push(sql`f.rating <= 3`);
  else if (filters.rating === 'ge4') where.push(sql`f.rating >= 4`);
  else if (filters.rating) where.push(sql`f.rating = ${Number(filters.rating)}`);
  if (range.fromInstant) where.push(sql`f.created_at >= ${range.fromInstant.toISOString()}::timestamptz`);
  else if (range.fromDay) where.push(sql`f.created_at >= ${parisInstant(range.fromDay).toISOString()}::timestamptz`);
  if (range.toDay) where.push(sql`f.created_at < ${parisInstant(addDays(range.toDay, 1)).toISOString()}::timestamptz`);
  if (filters.qr === 'none') where.push(sql`f.qr_code_id is null`);
  else if (filters.qr) where.push(sql`f.qr_code_id = ${filters.qr}`);
  if (filters.comment) where.push(sql`f.has_comment`);
  if (filters.contact) where.push(sql`f.has_contact`);
  if (filters.status) where.push(sql`f.status = ${filters.status}`);
  return where;
}
