import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from '../../src/i18n/format';
import { plainSpaces } from '../../shared/money/format';

describe('en-ZA formats', () => {
  it('shows integer cents as rand with a decimal comma', () => {
    // en-ZA groups with a no-break space and separates decimals with a comma.
    expect(formatMoney(123456).replace(/\s/g, ' ')).toBe('R 1 234,56');
    expect(formatMoney(5).replace(/\s/g, ' ')).toBe('R 0,05');
  });

  it('writes a negated zero as zero, and a negative amount with its sign', () => {
    // The commission statement shows clawbacks negated: none was "-R 0,00".
    expect(formatMoney(-0)).toBe(formatMoney(0));
    expect(formatMoney(-0).replace(/\s/g, ' ')).toBe('R 0,00');
    expect(formatMoney(-5).replace(/\s/g, ' ')).toMatch(/^-R 0,05$/);
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

describe('dates in the interface language, as the PDFs write them', () => {
  const inLanguage = (lang: string, dir: 'ltr' | 'rtl', run: () => void) => {
    document.documentElement.lang = lang;
    document.documentElement.dir = dir;
    try {
      run();
    } finally {
      document.documentElement.lang = 'en';
      document.documentElement.dir = 'ltr';
    }
  };

  it('spells the month in Arabic with Western digits, isolated in the right-to-left page', () => {
    inLanguage('ar', 'rtl', () => {
      const text = formatDate('2026-10-07T10:00:00Z');
      expect(text).toBe('\u206807 أكتوبر 2026\u2069');
      expect(formatDateTime('2026-10-07T10:00:00Z')).toMatch(/^\u206807 أكتوبر 2026، \d\d:\d\d\u2069$/);
    });
  });

  it('spells it in French, Spanish and Chinese, and keeps en-ZA for English and an unknown language', () => {
    inLanguage('fr', 'ltr', () => expect(formatDate('2026-10-07T10:00:00Z')).toMatch(/oct\. 2026/));
    inLanguage('es', 'ltr', () => expect(formatDate('2026-10-07T10:00:00Z')).toMatch(/oct 2026/));
    inLanguage('zh', 'ltr', () => expect(formatDate('2026-10-07T10:00:00Z')).toMatch(/^2026年10月07日$/));
    inLanguage('xx', 'ltr', () => expect(formatDate('2026-10-07T10:00:00Z')).toBe('07 Oct 2026'));
    expect(formatDate('2026-10-07T10:00:00Z')).toBe('07 Oct 2026');
  });
});

describe('one money format for the web app, the PDFs and the mails', () => {
  it('writes the same rand everywhere: the PDFs and mails with plain spaces, inputs as typed', async () => {
    const { money } = await import('../../server/modules/billing/pdf/format');
    const { centsToRandText } = await import('../../src/resources/billing/money');
    expect(money(123456)).toBe('R 1 234,56');
    expect(money(-5)).toBe(plainSpaces(formatMoney(-5)));
    expect(money(123456)).toBe(plainSpaces(formatMoney(123456)));
    expect(centsToRandText(123456)).toBe('1234.56');
    expect(centsToRandText(-5)).toBe('-0.05');
  });
});
