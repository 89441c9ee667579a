import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '../runtime/clock';
import { createInstanceRateLimiter, RateLimitedError, type RateLimitRule } from './rate-limit';

const rule: RateLimitRule = { name: 'test:read', per: 'address', limit: 5, windowSeconds: 60, message: 'Trop de tentatives.' };
const refusal = (run: () => void): RateLimitedError | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof RateLimitedError) return error;
    throw error;
  }
};

afterEach(() => clock.reset());

describe('the in-instance counter of the public reads', () => {
  it('refuses past the limit with Retry-After, then opens a new window', () => {
    const limiter = createInstanceRateLimiter();
    clock.freeze(new Date('2026-11-26T12:00:00Z'));
    for (let n = 0; n < rule.limit; n++) expect(refusal(() => limiter.enforce([{ rule, subject: '10.0.0.1' }]))).toBeUndefined();
    const refused = refusal(() => limiter.enforce([{ rule, subject: '10.0.0.1' }]));
    expect(refused?.message).toBe('Trop de tentatives.');
    expect(refused?.retryAfterSeconds).toBe(60);
    // Another subject has its own window; a subject-less hit is not counted.
    expect(refusal(() => limiter.enforce([{ rule, subject: '10.0.0.2' }, { rule, subject: null }]))).toBeUndefined();
    clock.advance(30_000);
    expect(refusal(() => limiter.enforce([{ rule, subject: '10.0.0.1' }]))?.retryAfterSeconds).toBe(30);
    clock.advance(30_000);
    expect(refusal(() => limiter.enforce([{ rule, subject: '10.0.0.1' }]))).toBeUndefined();
  });

  it('allows each of N instances its share of the limit, rounded up (INSTANCE_COUNT, decision 078)', () => {
    const ten = { ...rule, limit: 10 };
    for (const [instanceCount, share] of [[1, 10], [2, 5], [3, 4], [20, 1]]) {
      const limiter = createInstanceRateLimiter({ instanceCount });
      for (let n = 0; n < share; n++) expect(refusal(() => limiter.enforce([{ rule: ten, subject: '10.0.0.1' }]))).toBeUndefined();
      expect(refusal(() => limiter.enforce([{ rule: ten, subject: '10.0.0.1' }]))).toBeInstanceOf(RateLimitedError);
    }
  });

  it('counts one subject whatever its case and spaces, and tells long subjects (hashed) apart to their last character', () => {
    const limiter = createInstanceRateLimiter();
    const spellings = ['AB12-device', ' ab12-device ', 'ab12-DEVICE', 'ab12-device', 'Ab12-Device'];
    for (const subject of spellings) expect(refusal(() => limiter.enforce([{ rule, subject }]))).toBeUndefined();
    expect(refusal(() => limiter.enforce([{ rule, subject: 'ab12-device' }]))).toBeInstanceOf(RateLimitedError);
    const long = 'q'.repeat(200);
    for (let n = 0; n < rule.limit; n++) limiter.enforce([{ rule, subject: `${long}1` }]);
    expect(refusal(() => limiter.enforce([{ rule, subject: `${long}1`.toUpperCase() }]))).toBeInstanceOf(RateLimitedError);
    expect(refusal(() => limiter.enforce([{ rule, subject: `${long}2` }]))).toBeUndefined();
    // Another rule counts the same subject in its own window.
    expect(refusal(() => limiter.enforce([{ rule: { ...rule, name: 'test:other' }, subject: 'ab12-device' }]))).toBeUndefined();
  });

  it('keeps at most maxKeys windows however many subjects come, and never forgets a subject that keeps hitting', () => {
    const limiter = createInstanceRateLimiter({ maxKeys: 1000 });
    const flood = { ...rule, limit: 50 };
    let refusedFlood = 0;
    for (let n = 0; n < 100_000; n++) {
      // A new subject each time (random cookies, long QR codes), and the flooder's address every tenth request.
      limiter.enforce([{ rule, subject: `device-${n}-${'x'.repeat(n % 500)}` }]);
      if (n % 10 === 0 && refusal(() => limiter.enforce([{ rule: flood, subject: '10.6.6.6' }]))) refusedFlood++;
      expect(limiter.size).toBeLessThanOrEqual(1000);
    }
    expect(refusedFlood).toBe(10_000 - flood.limit);
  });
});
