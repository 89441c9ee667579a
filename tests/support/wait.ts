/**
 * The tests' one way to wait: poll `check` until it gives a value (anything but undefined, null or
 * false), and return it; past `timeoutMs`, what `onTimeout` gives (it throws an error saying what was
 * seen, or returns a fallback). Never a fixed sleep: the wait ends as soon as the condition holds. The
 * pause between checks only spares the CPU.
 */
export async function waitUntil<T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  options: { timeoutMs: number; intervalMs?: number; onTimeout: () => T },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined && found !== null && found !== false) return found;
    if (Date.now() > deadline) return options.onTimeout();
    await pause(options.intervalMs ?? 100);
  }
}

/** `onTimeout` of a wait that fails the test. */
export const fail =
  (message: () => string) =>
  (): never => {
    throw new Error(message());
  };

/** The pause between two checks (or two requests of a load generator): never a wait for a result. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
