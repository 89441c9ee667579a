import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { isOwnerLocale, type OwnerLocale } from '../../shared/rules/locales';

/**
 * The language of an email to an owner (issue #53, decision 097): the one the send was queued with (an
 * invitation: the inviter's; a request made before its user exists: the request's), else the recipient
 * user's (users.lang, by address), else — an address that is no user's, such as a venue's contact email —
 * the language of the organisation's first propriétaire, else English for a UK organisation, else French.
 * Read in one statement at send time, so a language changed since the send was queued is honoured.
 */
export async function readOwnerLocale(db: Db, of: { asked: unknown; to: string | null; restaurantId: string | null }): Promise<OwnerLocale> {
  if (isOwnerLocale(of.asked)) return of.asked;
  const [row] = await queryRows<{ lang: string | null }>(
    db,
    sql`select coalesce(
          (select u.lang from users u where lower(u.email) = lower(${of.to ?? ''}) limit 1),
          (select u.lang from restaurants r
             join organisation_members m on m.organisation_id = r.organisation_id and m.role = 'owner'
             join users u on u.id = m.user_id
           where r.id = ${of.restaurantId}::uuid order by m.created_at, u.id limit 1),
          (select case when o.country = 'GB' then 'en' end from restaurants r join organisations o on o.id = r.organisation_id where r.id = ${of.restaurantId}::uuid)
        ) as lang`,
  );
  return isOwnerLocale(row?.lang) ? row.lang : 'fr';
}
