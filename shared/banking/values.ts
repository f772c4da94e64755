import { StatementError } from './statement';

/**
 * Amounts and dates as the banks print them. Amounts: an optional sign (`+`/`-`), digits with an
 * optional thousands separator, a decimal point (or comma, `decimal: ','` for MT940) and up to two
 * decimals. Answers integer cents, or null for text that is not an amount.
 */
export function parseCents(text: string, decimal: '.' | ',' = '.'): number | null {
  let s = text.trim().replace(/\s+/g, '');
  if (decimal === ',') s = s.replace(/\./g, '').replace(',', '.');
  else s = s.replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^([+-]?)(\d+)(?:\.(\d{0,2}))?$/.exec(s);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return match[1] === '-' ? -cents : cents;
}

/** An amount that must be there: a StatementError naming the line otherwise. */
export function requireCents(text: string, line: number, what = 'amount', decimal: '.' | ',' = '.'): number {
  const cents = parseCents(text, decimal);
  if (cents === null) throw new StatementError(`the ${what} "${text.trim()}" is not an amount`, line);
  return cents;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function day(year: number, month: number, dayOfMonth: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== dayOfMonth) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * The date shapes of South African exports and the standards: `YYYY/MM/DD`, `YYYY-MM-DD`,
 * `YYYYMMDD` (ABSA, OFX, which may add a time), `DD/MM/YYYY` (Capitec: day first, as in South
 * Africa), `01Mar2025` or `01 Mar 2025` (Nedbank). A day that does not exist (2025-02-30) is no date.
 */
export function parseDay(text: string): string | null {
  const s = text.trim();
  let m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(s);
  if (m) return day(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})(\d{2})(\d{2})(?:\d{6}(?:\.\d+)?)?(?:\[[^\]]*\])?$/.exec(s);
  if (m) return day(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (m) return day(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})\s*([A-Za-z]{3})\s*(\d{4})$/.exec(s);
  if (m) {
    const month = MONTHS.indexOf(m[2].toLowerCase());
    return month < 0 ? null : day(Number(m[3]), month + 1, Number(m[1]));
  }
  return null;
}

export function requireDay(text: string, line: number): string {
  const parsed = parseDay(text);
  if (parsed === null) throw new StatementError(`the date "${text.trim()}" is not a date`, line);
  return parsed;
}
