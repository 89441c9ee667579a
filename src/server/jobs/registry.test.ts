import { describe, expect, it } from 'vitest';
import { ALL_JOBS } from './registry';

/**
 * pg-boss keeps each queue by name, with its schedule and every job waiting in it: a renamed job would
 * leave the jobs queued before an upgrade with no worker (decision 086). These are the released names.
 */
const RELEASED_QUEUES = [
  'accounts.send-verification-email',
  'alerts.low-rating',
  'diner.card-recovery',
  'diner.feedback-follow-up',
  'email.quota-warning',
  'email.send',
  'email.send-comeback',
  'email.send-later',
  'email.send-nudge',
  'email.weekly-digest',
  'housekeeping.fold-stat-shards',
  'housekeeping.purge-api-idempotency-keys',
  'housekeeping.purge-rate-limits',
  'retention.anonymize-inactive',
  'webhook.deliver',
  'webhook.purge',
];

describe('job registry', () => {
  it('keeps every released queue name, each once', () => {
    const names = ALL_JOBS.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => RELEASED_QUEUES.includes(name)).sort()).toEqual(RELEASED_QUEUES);
  });

  it('names a new queue <folder>.<what-it-does> in kebab case', () => {
    for (const job of ALL_JOBS) expect(job.name).toMatch(/^[a-z]+\.[a-z]+(-[a-z]+)*$/);
  });
});
