import { describe, expect, it } from 'vitest';
import { isValidPercentileChange, rolePrice } from '../../shared/pricing/priceRule';

describe('rolePrice: base × (1 + change/100), rounded to the cent', () => {
  it.each([
    [10000, -10, 9000],
    [999, -12.5, 874], // 874.125
    [1001, -50, 501], // 500.5: halves round up, as PostgreSQL's round()
    [1999, -33.333, 1333],
    [5, 10, 6],
    [3, -50, 2], // 1.5
    [0, 25, 0],
    [100, 1000, 1100],
    [12345, 0, 12345],
    [10, 0.1, 10], // 10.01
    // 0.1 + 0.2 style fractions must not tip the half: 2345 × 1.1 = 2579.5 exactly
    [2345, 10, 2580],
  ])('%d cents at %d %% is %d cents', (base, change, expected) => {
    expect(rolePrice(base, change)).toBe(expected);
  });
});

describe('isValidPercentileChange', () => {
  it.each([-99.999, -12.5, 0, 1000, 0.001])('accepts %d', (value) => expect(isValidPercentileChange(value)).toBe(true));
  it.each([-100, -100.5, 1000.001, 1.2345, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (value) =>
    expect(isValidPercentileChange(value)).toBe(false),
  );
});
