import { describe, expect, it } from 'vitest';
import { resolveOwnerGate } from './owner-gate';

describe('the owner gate (spec §4)', () => {
  it('sends a user without a restaurant back to sign-in', () => {
    expect(resolveOwnerGate(true, null)).toBe('no-restaurant');
  });
  it('holds an unconfirmed email before anything else', () => {
    expect(resolveOwnerGate(false, { status: 'approved', emailVerified: false })).toBe('email-not-verified');
    expect(resolveOwnerGate(false, { status: 'pending', emailVerified: false })).toBe('email-not-verified');
  });
  it('passes when either the user or the restaurant email is confirmed', () => {
    expect(resolveOwnerGate(true, { status: 'approved', emailVerified: false })).toBe('approved');
    expect(resolveOwnerGate(false, { status: 'approved', emailVerified: true })).toBe('approved');
  });
  it.each(['pending', 'rejected', 'suspended'] as const)('reports the %s status', (status) => {
    expect(resolveOwnerGate(true, { status, emailVerified: true })).toBe(status);
  });
});
