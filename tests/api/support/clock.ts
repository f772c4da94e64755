/**
 * The app's clock in tests: real time plus an offset the test moves forward, so tokens, reset
 * links and the login throttle can be aged without waiting. Not frozen: two tokens issued a
 * second apart still differ, as they would in production.
 */
export interface TestClock {
  now: () => Date;
  /** Moves the clock forward by `ms` (the offset accumulates). */
  advance(ms: number): void;
  /** Back to real time. */
  reset(): void;
}

export function createClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
    reset() {
      offset = 0;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
