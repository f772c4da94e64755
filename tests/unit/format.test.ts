import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../src/i18n/format';

describe('en-ZA formats (SPEC §1)', () => {
  it('shows integer cents as rand with a decimal comma', () => {
    // en-ZA groups with a no-break space and separates decimals with a comma.
    expect(formatMoney(123456).replace(/\s/g, ' ')).toBe('R 1 234,56');
    expect(formatMoney(5).replace(/\s/g, ' ')).toBe('R 0,05');
  });

  it('writes dates day first', () => {
    expect(formatDate('2026-11-23T10:00:00Z')).toMatch(/^23 Nov 2026$/);
  });
});
