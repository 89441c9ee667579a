// An instance keeps the PostgreSQL connections a rush opened through the lull after it. pg's pool closes a
// connection after 10 s idle by default; the next diners then waited for new connections, each planning
// every named statement again (p99 ~0.4 s at 73 submissions/s after 15 s quiet, against 25–48 ms with the
// connections kept). PostgreSQL only: the embedded database has one in-process session and no pool.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POOL_SIZE, queryRows, type Database } from '../../src/server/db/client';
import { openEmptyTestDatabase, TEST_DATABASE_URL } from '../support/database';

describe.skipIf(!TEST_DATABASE_URL)('the PostgreSQL pool', () => {
  let database: Database | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await database?.close();
  });

  it('keeps the connections of a rush open through a quiet hour, and serves the next rush on them', async () => {
    // Only the timers: the pool's idle timers run on them, the sockets do not.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    database = await openEmptyTestDatabase();
    if (database.kind !== 'postgres') throw new Error('PostgreSQL expected');
    const { db, pool } = database;
    const rush = async (size: number) =>
      (await Promise.all(Array.from({ length: size }, () => queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)))).map(([row]) => row.pid);

    const first = await rush(4);
    expect(new Set(first).size).toBe(4);
    expect(pool.totalCount).toBe(4);

    // An hour without a diner (pg's default would close each after 10 s).
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(pool.totalCount).toBe(4);
    expect(pool.idleCount).toBe(4);

    // The next rush is served by the same backends: no connection opened, no statement planned again.
    const next = await rush(4);
    expect(new Set(next)).toEqual(new Set(first));
    expect(pool.totalCount).toBeLessThanOrEqual(POOL_SIZE);
  });
});
