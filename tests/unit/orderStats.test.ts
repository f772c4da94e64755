import { describe, expect, it } from 'vitest';
import { changeAgainst } from '../../src/resources/orders/OrderStats';
import { monthStart } from '../../server/modules/orders/stats';

describe('order stats', () => {
  it('says how this month compares with last, and nothing when last month had none', () => {
    expect(changeAgainst(12, 10)).toBe('+20 %');
    expect(changeAgainst(5, 10)).toBe('−50 %');
    expect(changeAgainst(10, 10)).toBe('0 %');
    expect(changeAgainst(3, 0)).toBeNull();
  });

  it('starts business months at midnight in South Africa (UTC+2)', () => {
    // 31 Oct 23:30 UTC is already 1 November in Johannesburg.
    const now = new Date('2026-10-31T23:30:00Z');
    expect(monthStart(now).toISOString()).toBe('2026-10-31T22:00:00.000Z');
    expect(monthStart(now, -1).toISOString()).toBe('2026-09-30T22:00:00.000Z');
    expect(monthStart(new Date('2026-01-15T12:00:00Z'), -1).toISOString()).toBe('2025-11-30T22:00:00.000Z');
  });
});
