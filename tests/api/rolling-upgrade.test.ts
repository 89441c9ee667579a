// The rolling upgrade of docs/operations.md, reduced (scripts/rolling-upgrade.ts; `npm run rolling-upgrade`
// runs it longer): two production instances behind HAProxy under a steady stream of ratings, each replaced in
// turn by one of the new commit with a pending migration. Nothing a diner sent may fail or be lost, and every
// email leaves once. PostgreSQL only (several instances share one database); HAProxy is required there
// (`.ci/run` installs Debian's package when missing).
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HAPROXY, PENDING_MIGRATION, runRollingUpgrade } from '../../scripts/rolling-upgrade';
import { TEST_DATABASE_URL } from '../support/database';

describe.runIf(TEST_DATABASE_URL)('a rolling upgrade behind HAProxy (PostgreSQL)', () => {
  it('replaces both instances, one at a time, with no failed request, no lost rating, every email once', async () => {
    expect(existsSync(HAPROXY), `HAProxy is required at ${HAPROXY} (apt-get install haproxy)`).toBe(true);
    const figures = await runRollingUpgrade({ adminUrl: TEST_DATABASE_URL!, seconds: 3, rate: 4 });
    // The new instance waited for the release step, which applied the one pending migration.
    expect(figures.waitedFor).toBe(PENDING_MIGRATION);
    expect(figures.migrationsApplied).toBe(1);
    expect(figures.sent).toBeGreaterThan(40);
    expect({ failed: figures.failed, failures: figures.failures, steps: figures.steps }).toEqual({ failed: 0, failures: [], steps: figures.steps });
    expect(figures.answered2xx).toBe(figures.sent);
    expect({ stored: figures.ratingsStored, lost: figures.lost }).toEqual({ stored: figures.sent, lost: 0 });
    // Each rating's thank-you once: as many messages as email jobs completed, none repeated.
    expect(figures.emailsReceived).toBeGreaterThanOrEqual(figures.ratingsStored);
    expect({ duplicated: figures.emailsDuplicated, once: figures.emailsOnce }).toEqual({ duplicated: 0, once: true });
    expect(figures.emailJobsCompleted).toBe(figures.emailsReceived);
    expect(figures.budgetLines.join('\n')).toContain('connections: role web + jobs (JOB_WORKERS=on): pool 10 + job queue 4 + LISTEN 1 = 15 per instance');
  }, 300_000);
});
