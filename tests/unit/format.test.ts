import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from '../../src/i18n/format';

describe('en-ZA formats', () => {
  it('shows integer cents as rand with a decimal comma', () => {
    // en-ZA groups with a no-break space and separates decimals with a comma.
    expect(formatMoney(123456).replace(/\s/g, ' ')).toBe('R 1 234,56');
    expect(formatMoney(5).replace(/\s/g, ' ')).toBe('R 0,05');
  });

  it('writes dates day first', () => {
    expect(formatDate('2026-11-23T10:00:00Z')).toMatch(/^23 Nov 2026$/);
  });

  it('keeps a date whole inside right-to-left pages, and plain in left-to-right ones', () => {
    document.documentElement.dir = 'rtl';
    try {
      expect(formatDate('2026-11-23T10:00:00Z')).toBe('\u206823 Nov 2026\u2069');
      expect(formatDateTime('2026-11-23T10:00:00Z')).toMatch(/^\u206823 Nov 2026, \d\d:\d\d\u2069$/);
    } finally {
      document.documentElement.dir = 'ltr';
    }
    expect(formatDate('2026-11-23T10:00:00Z')).toBe('23 Nov 2026');
  });
});
