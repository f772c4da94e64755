/**
 * The pricing rule as a pure function, shared by the server's SQL (which computes
 * the same in `numeric`) and the SPA's live example price. No imports: the SPA bundles this file.
 */

/** A price rule's change lies in (-100, 1000] percent, with at most three decimals. */
export const MIN_PERCENTILE_CHANGE = -100;
export const MAX_PERCENTILE_CHANGE = 1000;
export const PERCENTILE_CHANGE_DECIMALS = 3;

/**
 * `base × (1 + change/100)` rounded to the cent, halves away from zero (as PostgreSQL's round()).
 * Computed on whole thousandths of a percent so no binary fraction tips a half the wrong way.
 */
export function rolePrice(baseCents: number, percentileChange: number): number {
  const thousandths = Math.round(percentileChange * 1000);
  const numerator = baseCents * (100_000 + thousandths);
  return Math.floor((numerator + 50_000) / 100_000);
}

export function isValidPercentileChange(value: number): boolean {
  if (!Number.isFinite(value) || value <= MIN_PERCENTILE_CHANGE || value > MAX_PERCENTILE_CHANGE) return false;
  const scaled = value * 10 ** PERCENTILE_CHANGE_DECIMALS;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}
