import { describe, expect, it } from 'vitest';
import { connectionBudget } from './bootstrap';

describe('connectionBudget (decision 078)', () => {
  const postgres = 'postgres://refeed@db.internal:5432/refeed';
  it('prints each role’s PostgreSQL connections in one line, and their sum for the declared instances', () => {
    expect(connectionBudget({ DATABASE_URL: postgres, JOB_WORKERS: 'on', INSTANCE_COUNT: 3 })).toBe(
      'connections: role web + jobs (JOB_WORKERS=on): pool 10 + job queue 4 + LISTEN 1 = 15 per instance; × INSTANCE_COUNT 3 = 45, +1 each while it migrates at start',
    );
    expect(connectionBudget({ DATABASE_URL: postgres, JOB_WORKERS: 'off', INSTANCE_COUNT: 4 })).toBe(
      'connections: role web only (JOB_WORKERS=off): pool 10 + job queue 4 = 14 per instance; × INSTANCE_COUNT 4 = 56, +1 each while it migrates at start',
    );
    expect(connectionBudget({ DATABASE_URL: postgres, JOB_WORKERS: 'off', INSTANCE_COUNT: undefined })).toBe(
      'connections: role web only (JOB_WORKERS=off): pool 10 + job queue 4 = 14 per instance; × N instances = 14·N (set INSTANCE_COUNT for the sum), +1 each while it migrates at start',
    );
    expect(connectionBudget({ DATABASE_URL: undefined, JOB_WORKERS: 'on', INSTANCE_COUNT: undefined })).toBe('connections: embedded PGlite, one process (no PostgreSQL connection)');
  });
});
