import type { BankFormat } from './statement';

/**
 * The bank calls' records as plain types, for the web app (no schema code in its bundle). The
 * server's TypeBox shapes (server/modules/banking/wire.ts) are checked against these at compile
 * time (server/modules/banking/wireRecords.ts). Money in integer cents, days as YYYY-MM-DD.
 */
export const bankLineStatuses = ['matched', 'suggested', 'unmatched', 'ignored'] as const;
export type BankLineStatus = (typeof bankLineStatuses)[number];

/** What `POST api/bank/import` answers. */
export interface ImportSummary {
  id: number;
  format: BankFormat;
  /** Lines kept (new). */
  lines: number;
  credits: number;
  matched: number;
  suggested: number;
  unmatched: number;
  /** Lines seen in an earlier import, not kept again. */
  already_imported: number;
}

export interface StatementTotals {
  matched: number;
  suggested: number;
  unmatched: number;
  ignored: number;
  matched_amount: number;
  unmatched_amount: number;
}

export interface BankStatement {
  id: number;
  format: string;
  account: string;
  currency: string;
  opening_balance: number | null;
  closing_balance: number | null;
  date_from: string;
  date_to: string;
  file_name: string;
  lines: number;
  imported_at: string;
  totals: StatementTotals;
}

export interface BankSuggestion {
  client_id: number;
  client_name?: string;
  invoice_ids: number[];
  reason: string;
}

export interface BankLine {
  id: number;
  statement_id: number;
  date: string;
  amount: number;
  description: string;
  reference: string;
  bank_id: string | null;
  balance: number | null;
  status: BankLineStatus;
  client_id: number | null;
  client_name: string | null;
  payment_id: number | null;
  matched_by: string | null;
  ignore_reason: string;
  suggestions: BankSuggestion[];
}

export interface BankRule {
  id: number;
  pattern: string;
  client_id: number | null;
  client_name: string | null;
  ignore: boolean;
}
