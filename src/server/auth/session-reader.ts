import { sql } from 'drizzle-orm';
import { isOwnerLocale, type OwnerLocale } from '../../shared/rules/locales';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { queryPreparedRows, readSessionCookie, setNewest, verifySignedToken, type SessionAuth } from '../platform';
import { effectiveVenueStateSql } from '../core/venue-state';
import { COUNTED_ROLES } from '../../shared/rules/plans';
import type { SessionRead, SessionRestaurant } from '../lib/http/session-read';


type SessionRow = {
  /** The session's expiry in epoch milliseconds (a number: no date parsing per request). */
  expires_ms: number;
  user_id: string;
  email: string;
  name: string;
  email_verified: boolean;
  lang: OwnerLocale;
  is_admin: boolean;
  /** users.access_version: raised by triggers whenever the user's venues would read differently (decision 060). */
  access_version: number;
};

/**
 * The user's admin flag and the venues their memberships open (as JSON; each venue's `status` and reasons are
 * its effective state, the organisation's approval first and then the venue's own suspension, decision 055: a member on all venues gets
 * every venue of the organisation, another only those of member_venues), oldest membership first, then
 * oldest venue, for a user row aliased `u`: read once per session and change (decision 060), so that an owner
 * or admin call, /api/me included, costs the session statement alone (issue #29: the membership check costs no round trip).
 * Every table and column read here is watched by migration 0032's triggers, which raise the members'
 * users.access_version when any of it changes: a column added here must be added to them.
 */
const VENUE_STATE = effectiveVenueStateSql('r', 'o');
const COUNTED = sql.raw(COUNTED_ROLES.map((role) => `'${role}'`).join(', '));
/** Plan ranks (decision 057): venues by creation; counted members, propriétaires first, then by membership date. */
const VENUE_RANK = sql`(select count(*)::int from restaurants r2 where r2.organisation_id = r.organisation_id and (r2.created_at, r2.id) < (r.created_at, r.id))`;
const MEMBER_RANK = sql`case when m.role in (${COUNTED}) then (select count(*)::int from organisation_members m2
  where m2.organisation_id = m.organisation_id and m2.role in (${COUNTED})
    and ((m2.role = 'owner')::int, m.created_at, m.user_id) > ((m.role = 'owner')::int, m2.created_at, m2.user_id)) end`;
const IS_ADMIN = sql`exists (select 1 from platform_admins a where a.user_id = u.id)`;
const USER_VENUES = sql`coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name, 'status', ${VENUE_STATE.status}, 'organisationId', m.organisation_id, 'role', m.role,
                                      'emailVerified', r.email_verified, 'rejectionReason', ${VENUE_STATE.rejectionReason},
                                      'suspensionReason', ${VENUE_STATE.suspensionReason},
                                      'plan', o.plan, 'trialEndsAt', o.trial_ends_at, 'limitOverrides', o.limit_overrides,
                                      'venueRank', ${VENUE_RANK}, 'memberRank', ${MEMBER_RANK})
                    order by m.created_at, m.organisation_id, r.created_at, r.id)
    from organisation_members m join organisations o on o.id = m.organisation_id join restaurants r on r.organisation_id = m.organisation_id
    where m.user_id = u.id
      and (m.all_venues or exists (select 1 from member_venues v where v.organisation_id = m.organisation_id and v.user_id = m.user_id and v.restaurant_id = r.id))
  ), '[]')`;

/**
 * The session, its user, the admin flag and the user's access version of a session token, in one statement
 * built once: three index lookups. The venues are a second statement, sent only when the version is not the
 * one this instance last read them at (decision 060): kept out of this statement's plan, whose every node
 * PostgreSQL sets up at each execution, taken or not (a CASE around them still cost 0.07 ms a call).
 */
const readSessionRow = sql`select floor(extract(epoch from s.expires_at) * 1000)::float8 as expires_ms, u.id as user_id, u.email, u.name, u.email_verified, u.lang,
        ${IS_ADMIN} as is_admin, u.access_version::float8 as access_version
      from sessions s join users u on u.id = s.user_id
      where s.token = ${sql.placeholder('token')}`;
/** The venues of a user, read after their access version (so never older than the version they are kept under). */
const readUserVenues = sql`select ${USER_VENUES} as restaurants from users u where u.id = ${sql.placeholder('userId')}`;

/**
 * The venues last read for a session token, with the user's access version they were read at: handed back
 * while the database says that version is still the user's (checked by every request's one statement, so a
 * change made by any instance counts on the next request). Not a session cache: the session row is read each time.
 */
const SESSIONS_VENUES_KEPT = 10_000;

/** Signed cookie values whose signature was found valid (a valid signature stays valid), the oldest dropped first. */
const VERIFIED_COOKIES_KEPT = 10_000;

/**
 * Reads the signed-in user of a request in one query (session, user, admin flag; the venues as last read while
 * the user's access version has not moved, decision 060), where better-auth's getSession takes two and rebuilds its context each call: the owner routes are
 * the app's hot path. Exactly better-auth's rules, not a cache: the cookie's signature is checked, an
 * expired or revoked session is refused at once. A session due for its refresh (updateAge), an expired
 * one (to clean it up) and a 'don't remember me' session are handed to better-auth's getSession.
 */
export function createSessionReader(deps: { auth: SessionAuth; db: Db }) {
  let context: SessionAuth['$context'] | null = null;
  const authContext = () => (context ??= deps.auth.$context);
  // An owner's every call carries the same cookie: its HMAC is checked once, not per request. Only
  // valid values are kept (a forged one is checked each time), and the session row is still read.
  const verifiedCookies = new Map<string, string>();
  // The venues of each session token as last read, and the user's access version then (decision 060).
  const venuesByToken = new Map<string, { version: number; restaurants: SessionRestaurant[] }>();
  const verifyCookie = (value: string, secret: string): string | null => {
    const known = verifiedCookies.get(value);
    if (known) return known;
    const token = verifySignedToken(value, secret);
    if (!token) return null;
    setNewest(verifiedCookies, value, token, VERIFIED_COOKIES_KEPT);
    return token;
  };

  async function readThroughBetterAuth(headers: Headers): Promise<SessionRead | null> {
    const found = await deps.auth.api.getSession({ headers });
    if (!found) return null;
    // better-auth's additional field (auth.ts); its type is not in AppDeps' auth type.
    const lang: unknown = (found.user as { lang?: unknown }).lang;
    const user = { id: found.user.id, email: found.user.email, name: found.user.name, emailVerified: found.user.emailVerified, lang: isOwnerLocale(lang) ? lang : ('fr' as const) };
    const [access] = await queryRows<{ is_admin: boolean; restaurants: SessionRestaurant[] }>(
      deps.db,
      sql`select ${IS_ADMIN} as is_admin, ${USER_VENUES} as restaurants from users u where u.id = ${user.id}`,
    );
    return { user, restaurants: access?.restaurants ?? [], isAdmin: access?.is_admin ?? false };
  }

  return async function readSession(headers: Headers): Promise<SessionRead | null> {
    const cookieHeader = headers.get('cookie');
    if (!cookieHeader) return null;
    const ctx = await authContext();
    const value = readSessionCookie(cookieHeader, ctx.authCookies.sessionToken.name);
    if (!value) return null;
    if (readSessionCookie(cookieHeader, ctx.authCookies.dontRememberToken.name)) return readThroughBetterAuth(headers);
    const token = verifyCookie(value, ctx.secret);
    if (!token) return null;
    const [row] = await queryPreparedRows<SessionRow>(deps.db, readSessionRow, { token });
    if (!row) {
      venuesByToken.delete(token);
      return null;
    }
    const expiresAt = row.expires_ms;
    const { expiresIn, updateAge } = ctx.sessionConfig;
    // Expired (better-auth deletes it) or due for a refresh (better-auth extends it): its own path.
    if (expiresAt <= Date.now() || expiresAt - expiresIn * 1000 + updateAge * 1000 <= Date.now()) return readThroughBetterAuth(headers);
    const known = venuesByToken.get(token);
    let restaurants: SessionRestaurant[];
    if (known?.version === row.access_version) restaurants = known.restaurants;
    else {
      // Both drivers (pg and PGlite) hand json columns back parsed.
      [{ restaurants }] = await queryPreparedRows<{ restaurants: SessionRestaurant[] }>(deps.db, readUserVenues, { userId: row.user_id });
      setNewest(venuesByToken, token, { version: row.access_version, restaurants }, SESSIONS_VENUES_KEPT);
    }
    return { user: { id: row.user_id, email: row.email, name: row.name, emailVerified: row.email_verified, lang: row.lang }, restaurants, isAdmin: row.is_admin };
  };
}
