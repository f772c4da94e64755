/**
 * South African VAT arithmetic (see docs/billing.md), pure and in integer cents: the server prices
 * orders and issues documents with it, the web app shows the same figures. No imports, no IO.
 *
 * Rates are basis points (1500 = 15 %) so a rate like 15.5 % is still an integer and no binary
 * fraction ever enters a sum.
 */

export const vatClasses = ['standard', 'zero', 'exempt'] as const;
export type VatClass = (typeof vatClasses)[number];

/** A rate row: the class's rate from `from` (YYYY-MM-DD, inclusive) until the next row of the class. */
export interface VatRate {
  vat_class: VatClass;
  rate_bp: number;
  valid_from: string;
}

/**
 * `numerator / denominator` rounded to the nearest integer, a half away from zero (s66: half a
 * cent or more rounds up). Exact for the magnitudes of money here (well under 2^53).
 */
export function divideRounded(numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  return sign * Math.floor((2 * magnitude + denominator) / (2 * denominator));
}

/**
 * The VAT inside a VAT-inclusive amount: amount × r/(100+r), the tax fraction (15/115 at 15 %).
 * Worked on the exact fraction, which carries it to more than the five decimals s66 asks for,
 * then rounded to the cent once.
 */
export const vatFromInclusive = (inclusiveCents: number, rateBp: number): number => divideRounded(inclusiveCents * rateBp, 10_000 + rateBp);

/** The VAT on a VAT-exclusive amount: amount × r, rounded to the cent once. */
export const vatOnExclusive = (exclusiveCents: number, rateBp: number): number => divideRounded(exclusiveCents * rateBp, 10_000);

/** The rate of a class on a day (YYYY-MM-DD): the latest row that started on or before it; 0 before any. */
export function rateOn(rates: readonly VatRate[], vatClass: VatClass, day: string): number {
  let best: VatRate | undefined;
  for (const rate of rates) {
    if (rate.vat_class !== vatClass || rate.valid_from > day) continue;
    if (!best || rate.valid_from > best.valid_from) best = rate;
  }
  return best?.rate_bp ?? 0;
}

export interface LineInput {
  quantity: number;
  /** Cents per unit, as the catalogue holds it: with VAT when `pricesIncludeVat`, without otherwise. */
  unit_price: number;
  vat_class: VatClass;
  rate_bp: number;
}

export interface Amounts {
  total_excl_vat: number;
  vat: number;
  total: number;
}

export interface LineAmounts extends Amounts {
  vat_class: VatClass;
  rate_bp: number;
}

/**
 * A line's amounts. VAT is worked per line (on the line's whole amount, not per unit) and the
 * invoice sums the lines, so the lines always add up to the totals to the cent.
 */
export function lineAmounts(line: LineInput, pricesIncludeVat: boolean): LineAmounts {
  const amount = line.quantity * line.unit_price;
  const rate = line.vat_class === 'standard' ? line.rate_bp : 0;
  if (pricesIncludeVat) {
    const vat = vatFromInclusive(amount, rate);
    return { vat_class: line.vat_class, rate_bp: rate, total_excl_vat: amount - vat, vat, total: amount };
  }
  const vat = vatOnExclusive(amount, rate);
  return { vat_class: line.vat_class, rate_bp: rate, total_excl_vat: amount, vat, total: amount + vat };
}

export const zeroAmounts = (): Amounts => ({ total_excl_vat: 0, vat: 0, total: 0 });

export function addAmounts(a: Amounts, b: Amounts): Amounts {
  return { total_excl_vat: a.total_excl_vat + b.total_excl_vat, vat: a.vat + b.vat, total: a.total + b.total };
}

export interface ClassTotals extends Amounts {
  vat_class: VatClass;
  rate_bp: number;
}

export interface DocumentTotals extends Amounts {
  /** One row per class and rate present, in the order of `vatClasses`. */
  by_class: ClassTotals[];
}

/** The document's totals: the sums of its lines, overall and per VAT class and rate. */
export function documentTotals(lines: readonly LineAmounts[]): DocumentTotals {
  const groups = new Map<string, ClassTotals>();
  let total = zeroAmounts();
  for (const line of lines) {
    const key = `${line.vat_class}:${line.rate_bp}`;
    const group = groups.get(key) ?? { vat_class: line.vat_class, rate_bp: line.rate_bp, ...zeroAmounts() };
    groups.set(key, { ...group, ...addAmounts(group, line) });
    total = addAmounts(total, line);
  }
  const order = (c: ClassTotals) => vatClasses.indexOf(c.vat_class) * 100_000 + c.rate_bp;
  return { ...total, by_class: [...groups.values()].sort((a, b) => order(a) - order(b)) };
}

/**
 * Part of a line (a credit note for some of its quantity): its share of the line's amounts, the
 * VAT and the total each rounded so that crediting every unit, in any number of notes, never
 * credits more than the line held: the last part takes what remains.
 */
export function partOfLine(line: Amounts & { quantity: number }, quantity: number, alreadyCredited: Amounts & { quantity: number }): Amounts {
  if (quantity + alreadyCredited.quantity >= line.quantity) {
    return {
      total_excl_vat: line.total_excl_vat - alreadyCredited.total_excl_vat,
      vat: line.vat - alreadyCredited.vat,
      total: line.total - alreadyCredited.total,
    };
  }
  const total = divideRounded(line.total * quantity, line.quantity);
  const vat = divideRounded(line.vat * quantity, line.quantity);
  return { total_excl_vat: total - vat, vat, total };
}

/** `R 1 234,56`-free: cents as a plain decimal string (`1234.56`), for CSV and PDFs that format it themselves. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}
