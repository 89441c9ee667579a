import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { clock } from '../runtime/clock';
import { AppError } from '../http/errors';

/**
 * One heavy export at a time per organisation (issue 50, decision 081): a lease, a row of the database's
 * `rate_limits` table under a key of its own (`lease:<name>:<subject>`), so it holds across instances.
 * Taken by one atomic upsert that succeeds only when no live lease is there; renewed while the export
 * runs; given back when it ends, whether it finished, failed or the client went away. A lease whose
 * holder died (kill -9) expires after `ttlMs` without renewal. The housekeeping purge of windows older
 * than a day never meets a live lease (renewed every few seconds).
 */

export const EXPORT_RUNNING_MESSAGE = 'Un export est déjà en cours pour votre organisation. Réessayez dans quelques instants.';

/** A lease not renewed for this long is free again (its holder died). */
const LEASE_TTL_MS = 60_000;
/** A running export renews its lease at most this often. */
const RENEW_EVERY_MS = 10_000;

export type ExportLease = {
  /** Keeps the lease alive; cheap to call often (it writes at most every 10 s). */
  renew(): Promise<void>;
  /** Gives the lease back (once; later calls do nothing). */
  release(): Promise<void>;
};

const leaseKey = (name: string, subject: string) => `lease:${name}:${subject}`;

/** Takes the lease `name` of `subject`, or throws the 409 « Un export est déjà en cours… ». */
export async function takeExportLease(db: Db, name: string, subject: string): Promise<ExportLease> {
  const key = leaseKey(name, subject);
  const token = crypto.randomUUID();
  const now = clock.now().getTime();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into rate_limits (id, key, count, last_request) values (${token}, ${key}, 1, ${now})
      on conflict (key) do update set id = excluded.id, count = 1, last_request = excluded.last_request
        where rate_limits.last_request <= ${now - LEASE_TTL_MS}
      returning id`,
  );
  if (rows[0]?.id !== token) throw new AppError('CONFLICT', EXPORT_RUNNING_MESSAGE);
  let renewedAt = now;
  let released = false;
  return {
    async renew() {
      const at = clock.now().getTime();
      if (released || at - renewedAt < RENEW_EVERY_MS) return;
      renewedAt = at;
      await db.execute(sql`update rate_limits set last_request = ${at} where key = ${key} and id = ${token}`);
    },
    async release() {
      if (released) return;
      released = true;
      await db.execute(sql`delete from rate_limits where key = ${key} and id = ${token}`);
    },
  };
}
