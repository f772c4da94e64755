/**
 * Money as the portal writes it, the same in the web app, the PDFs and the mails: integer cents of
 * ZAR, shown the South African way (en-ZA: "R 1 234,56") whatever the interface language, so an
 * amount never reads differently in another language (1.234 is a thousand in Spanish, one and a
 * bit in English).
 */
export const FORMAT_LOCALE = 'en-ZA';
export const CURRENCY = 'ZAR';

const rand = new Intl.NumberFormat(FORMAT_LOCALE, { style: 'currency', currency: CURRENCY });

/**
 * Cents as rand to read ("R 1 234,56", with Intl's no-break spaces, so it never wraps on screen).
 * A negated zero (no clawbacks, shown as a deduction) reads "R 0,00": Intl would write "-R 0,00".
 */
export const formatMoney = (cents: number): string => rand.format(cents / 100 || 0);

/** Intl's no-break spaces as plain ones: text a reader searches ("1 234,56" in a PDF) or a mail's. */
export const plainSpaces = (text: string): string => text.replace(/[\u00A0\u202F]/g, ' ');

/** Cents as an amount to type again (`1234.56`): what a money input shows for a stored amount. */
export function centsToRandText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}
