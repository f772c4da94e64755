/**
 * Reading what payers type: invoice numbers in the shapes people write them, payment reference
 * codes, and the payer's own words once the bank's channel words are taken off.
 */

/**
 * The sequence numbers of invoices a text names. `letters` are the invoice prefix's letters
 * (`INV` for `INV-`): `INV-000123`, `inv000123`, `INV 123`, `Inv#123`, and lists after one
 * (`INV-000124 and 125`, `inv 124, 125 & 126`).
 */
export function invoiceSequences(text: string, letters: string): number[] {
  const prefix = letters.replace(/[^A-Za-z]/g, '');
  if (prefix === '') return [];
  const found: number[] = [];
  const pattern = new RegExp(`(?:^|[^A-Za-z])${prefix}[\\s\\-#:./_]*(\\d{1,9})((?:\\s*(?:,|&|/|\\+|and)\\s*(?:${prefix}[\\s\\-#:./_]*)?\\d{1,9}(?!\\d))*)`, 'gi');
  for (const match of text.matchAll(pattern)) {
    found.push(Number(match[1]));
    for (const more of match[2].matchAll(/\d{1,9}/g)) found.push(Number(more[0]));
  }
  return [...new Set(found)].filter((n) => n > 0);
}

/**
 * A client's payment reference: three letters of its name and its id (`ACM42`), short enough
 * to type and printed on its invoices and statements.
 */
export function paymentReference(name: string, id: number): string {
  const letters = name.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 3).padEnd(3, 'X');
  return `${letters}${id}`;
}

/** Tokens of a text shaped like payment references, upper case. */
export const referenceTokens = (text: string): string[] => [...new Set([...text.toUpperCase().matchAll(/(?:^|[^A-Z0-9])([A-Z]{3}\d{1,9})(?![A-Z0-9])/g)].map((m) => m[1]))];

/** The channel words banks put before the payer's text. */
const CHANNEL = /^(?:FNB APP PAYMENT FROM|FNB OB PMT|FNB APP TRANSFER FROM|INWARD EFT CREDIT|IMMEDIATE TRF CR|CREDIT TRANSFER|ACB CREDIT|MAGTAPE CREDIT|RECEIVED PAYMENT|PAYMENT FROM|INTERNET TRF FROM|DEPOSIT|EFT)\s*/;

/** A text compared loosely: upper case, letters and digits, single spaces. */
export const looseText = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();

/**
 * What an admin's match teaches: the payer's words from the line's description, without the
 * channel words and without numbers (invoice numbers change from payment to payment). Null when
 * too little is left to recognise the payer by.
 */
export function payerText(description: string): string | null {
  let text = looseText(description.split(/\s+/).filter((token) => !/\d/.test(token)).join(' '));
  let before;
  do {
    before = text;
    text = text.replace(CHANNEL, '');
  } while (text !== before);
  text = text.replace(/\b(?:INV|INVOICE|REF|PMT|PAYMENT)\b/g, ' ').replace(/\s+/g, ' ').trim();
  return text.length >= 4 ? text : null;
}

/** A rule's pattern or a learned payer found in a line: a loose "contains". */
export const textHolds = (haystack: string, needle: string): boolean => {
  const n = looseText(needle);
  return n !== '' && ` ${looseText(haystack)} `.includes(` ${n} `);
};
