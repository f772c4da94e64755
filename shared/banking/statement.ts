/**
 * What every bank statement reader answers, whatever the file: the lines in the file's order, in
 * integer cents (a credit, money in, is positive), and the balances the file states. Pure code,
 * run by the import on the server and by the tests.
 */

export const bankFormats = ['fnb', 'absa', 'standard_bank', 'nedbank', 'capitec', 'ofx', 'camt053', 'mt940'] as const;
export type BankFormat = (typeof bankFormats)[number];

/** How a format is named on screen: banks' and standards' names, the same in every language. */
export const bankFormatNames: Record<BankFormat, string> = {
  fnb: 'FNB (CSV)',
  absa: 'ABSA (CSV)',
  standard_bank: 'Standard Bank (CSV)',
  nedbank: 'Nedbank (CSV)',
  capitec: 'Capitec (CSV)',
  ofx: 'OFX',
  camt053: 'ISO 20022 camt.053',
  mt940: 'SWIFT MT940',
};

/** A stored statement's format by its name (its code, should a later reader's name not be known here). */
export const bankFormatName = (format: string): string => bankFormatNames[format as BankFormat] ?? format;

export interface StatementLine {
  /** The line of the file it was read from (1-based), for messages that name it. */
  line: number;
  /** YYYY-MM-DD. */
  date: string;
  amount: number;
  description: string;
  reference: string;
  /** The bank's own id of the transaction (OFX FITID, camt.053 AcctSvcrRef, MT940 bank reference), when it gives one. */
  bankId: string | null;
  /** The running balance after this line, when the file prints one. */
  balance: number | null;
}

export interface ParsedStatement {
  format: BankFormat;
  account: string;
  currency: string;
  opening: number | null;
  closing: number | null;
  /** Where the closing balance is stated, to name it when the lines do not add up to it. */
  closingLine: number | null;
  lines: StatementLine[];
}

/** A file the import refuses: the message names the line when there is one. */
export class StatementError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(line === null ? message : `Line ${line}: ${message}`);
    this.name = 'StatementError';
  }
}

/** Cents as rand for messages: 123456 → "1234.56", −5 → "-0.05". */
export const randText = (cents: number): string => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
