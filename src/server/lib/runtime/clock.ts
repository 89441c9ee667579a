/**
 * The one source of "now" for server code, so tests can move time (for example to check the
 * daily points cap or the 30-day email) without waiting.
 */
let offsetMs = 0;
let frozenAt: number | null = null;

export const clock = {
  now(): Date {
    return new Date(frozenAt ?? Date.now() + offsetMs);
  },
  /** Test helper: freeze time at the given instant. */
  freeze(at: Date): void {
    frozenAt = at.getTime();
  },
  /** Test helper: move time forward (or back) by ms from now on. */
  advance(ms: number): void {
    if (frozenAt !== null) frozenAt += ms;
    else offsetMs += ms;
  },
  reset(): void {
    offsetMs = 0;
    frozenAt = null;
  },
};
