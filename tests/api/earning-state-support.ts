import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/server/db/client';

/**
 * The customers of a restaurant whose kept earning state (decision 062) is not what their point events
 * say, each with both: the last earning (positive points, no reason), its Paris day and that day's points.
 */
export async function earningStatesMismatching(db: Db, restaurantId: string): Promise<unknown[]> {
  return queryRows(
    db,
    sql`with events as (
          select customer_id, max(created_at) as last_at from point_events where points > 0 and reason is null and restaurant_id = ${restaurantId}::uuid group by customer_id
        ), expected as (
          select c.id, e.last_at, (e.last_at at time zone 'Europe/Paris')::date as day,
                 coalesce((select sum(p.points) from point_events p where p.customer_id = c.id and p.points > 0 and p.reason is null
                   and (p.created_at at time zone 'Europe/Paris')::date = (e.last_at at time zone 'Europe/Paris')::date), 0)::int as day_points
          from customers c left join events e on e.customer_id = c.id
          where c.restaurant_id = ${restaurantId}::uuid
        )
        select c.id, c.earned_on::text as kept_day, c.earned_on_points as kept_points, c.last_earned_at as kept_last,
               x.day::text as day, x.day_points, x.last_at
        from customers c join expected x on x.id = c.id
        where c.earned_on is distinct from x.day or c.earned_on_points <> x.day_points or c.last_earned_at is distinct from x.last_at`,
  );
}
