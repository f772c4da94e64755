/**
 * Rand as people type it, to the API's integer cents: `1234.56`, `1 234,56` (en-ZA writes a
 * decimal comma), `R 1,234.50`. The last `.` or `,` followed by one or two digits is the decimal
 * mark; any other separator groups thousands. Null when the text is not an amount of rand
 * (letters, three decimals, nothing).
 */
export function randToCents(text: string): number | null {
  const value = text.trim().replace(/^R\s*/i, '').replace(/[\s\u00a0\u202f]/g, '');
  if (!/^[0-9.,]+$/.test(value)) return null;
  const decimal = /[.,]([0-9]{1,2})$/.exec(value);
  const whole = decimal ? value.slice(0, decimal.index) : value;
  // Whatever separates the whole rand groups thousands: three digits after each.
  if (!/^[0-9]{1,3}([.,]?[0-9]{3})*$/.test(whole) && !/^[0-9]+$/.test(whole)) return null;
  const rand = Number(whole.replace(/[.,]/g, ''));
  const cents = decimal ? Number(decimal[1].padEnd(2, '0')) : 0;
  const total = rand * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

// A stored amount as a money input shows it, written by the portal's one money module.
export { centsToRandText } from '../../../shared/money/format';

/**
 * A rate in basis points as people read it: 1500 → `15 %`, 1550 → `15.5 %`. In a right-to-left
 * page the bidi algorithm would put the sign before the number (`% 15`): there it is isolated as
 * left-to-right text (LRI ... PDI), as the portal's dates are.
 */
export function formatRate(rateBp: number): string {
  const text = `${Number((rateBp / 100).toFixed(2))} %`;
  return typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? `\u2066${text}\u2069` : text;
}

/** `15`, `15.5`, `15,25` (percent) → basis points; null for anything else or beyond 100 %. */
export function percentToBp(text: string): number | null {
  const match = /^([0-9]{1,3})(?:[.,]([0-9]{1,2}))?$/.exec(text.trim().replace(/\s*%$/, ''));
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

