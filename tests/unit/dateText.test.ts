import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../src/i18n/format';
import { readDate, readDateTime, writeDate, writeDateTime } from '../../src/i18n/dateText';

describe('dates typed in the en-ZA style', () => {
  it('reads the portal style and the usual South African ways of writing a date', () => {
    expect(readDate('31 Jul 2027')).toBe('2027-07-31');
    expect(readDate(' 5 September 2027 ')).toBe('2027-09-05');
    expect(readDate('19 Sept 2027')).toBe('2027-09-19');
    expect(readDate('2027/07/31')).toBe('2027-07-31');
    expect(readDate('2027-7-3')).toBe('2027-07-03');
    expect(readDate('31/07/2027')).toBe('2027-07-31');
  });

  it('refuses what is not a whole, real day rather than guessing', () => {
    for (const text of ['', '31 Jul', '31 Jul 202', '07/31/2027', '30 Feb 2027', '31 Xyz 2027', '2027/13/01', 'tomorrow']) {
      expect(readDate(text), text).toBeNull();
    }
  });

  it('writes a stored date or instant as formatDate shows it, and reads back what it wrote', () => {
    expect(writeDate('2027-07-31')).toBe('31 Jul 2027');
    expect(writeDate(null)).toBe('');
    const instant = new Date(2027, 6, 31, 12, 0).toISOString();
    expect(writeDate(instant)).toBe(formatDate(instant));
    expect(readDate(writeDate('2027-02-01'))).toBe('2027-02-01');
  });

  it('reads and writes a date with a 24-hour time, in the style of formatDateTime', () => {
    const written = writeDateTime(new Date(2027, 6, 31, 19, 40));
    expect(written).toBe('31 Jul 2027, 19:40');
    expect(written).toBe(formatDateTime(new Date(2027, 6, 31, 19, 40)));
    expect(readDateTime(written)?.getTime()).toBe(new Date(2027, 6, 31, 19, 40).getTime());
    expect(readDateTime('2027/07/31 07:05')?.getTime()).toBe(new Date(2027, 6, 31, 7, 5).getTime());
    expect(readDateTime('31 Jul 2027')).toBeNull();
    expect(readDateTime('31 Jul 2027, 24:00')).toBeNull();
  });
});

/** Every file under a folder, recursively. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

describe('one date style everywhere', () => {
  it('no screen uses react-admin’s own date field or the browser-locale date inputs', () => {
    const offenders = filesUnder('src')
      .filter((path) => /\.tsx?$/.test(path))
      .filter((path) => {
        const source = readFileSync(path, 'utf8');
        const fromReactAdmin = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-admin'/g)].map((match) => match[1]!);
        return fromReactAdmin.some((names) => /\b(DateField|DateInput|DateTimeInput|TimeInput)\b(?!Props)/.test(names));
      });
    expect(offenders).toEqual([]);
  });
});
