/**
 * The app's clock in tests: real time plus an offset the test moves forward, so tokens, reset
 * links and the login throttle can be aged without waiting. Not frozen: two tokens issued a
 * second apart still differ, as they would in production.
 */
export interface TestClock {
  now: () => Date;
  /** Moves the clock forward by `ms` (the offset accumulates). */
  advance(ms: number): void;
  /** Stops the clock where it is (advance still moves it): for tests that measure waits the server computes. */
  freeze(): void;
  /** Back to real time (and running). */
  reset(): void;
}

export function createClock(): TestClock {
  let offset = 0;
  let frozenAt: number | null = null;
  return {
    now: () => new Date(frozenAt ?? Date.now() + offset),
    advance(ms) {
      if (frozenAt !== null) frozenAt += ms;
      else offset += ms;
    },
    freeze() {
      frozenAt ??= Date.now() + offset;
    },
    reset() {
      offset = 0;
      frozenAt = null;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
