import type { StatementEntry as LedgerEntry } from '../../../../shared/billing/accounts';
import type { ClassTotals } from '../../../../shared/billing/vat';
import type { DocumentLine, Statement } from '../../../../shared/billing/records';

/**
 * What a billing PDF shows: plain data, already computed by the billing service (amounts in
 * integer cents, days as YYYY-MM-DD). The PDF code formats and lays it out, nothing more.
 */
export type PdfLocale = 'en' | 'ar' | 'es' | 'fr' | 'zh';

export interface PdfParty {
  name: string;
  address: string;
  vat_number: string;
  registration_number?: string;
}

export interface PdfSupplier extends PdfParty {
  /** EFT details printed under the totals ("pay into"). */
  bank?: { bank_name: string; account_name: string; account_number: string; branch_code: string };
}

/** A document line as the PDF prints it: the record's own fields (shared/billing/records.ts). */
export type PdfLine = Pick<DocumentLine, 'description' | 'sku' | 'quantity' | 'unit_price' | 'vat_class' | 'rate_bp' | 'total_excl_vat' | 'vat' | 'total'>;

export interface PdfDocument {
  kind: 'invoice' | 'credit_note' | 'debit_note';
  /** A full tax invoice (above R5 000) names the recipient; an abridged one need not (VAT Act s20(4), s20(5)). Notes always do. */
  full: boolean;
  number: string;
  issue_date: string;
  due_date?: string;
  order_reference?: string;
  /** For a credit or debit note: the invoice it adjusts. */
  invoice_number?: string;
  reason?: string;
  supplier: PdfSupplier;
  recipient: PdfParty;
  lines: PdfLine[];
  total_excl_vat: number;
  vat: number;
  total: number;
  by_class: ClassTotals[];
  prices_include_vat: boolean;
}

/** The statement the API answers, every entry of it (no page), with the parties drawn at its head instead of the client's id and name. */
export interface PdfStatement extends Omit<Statement, 'client_id' | 'client_name' | 'entries' | 'total' | 'page' | 'per_page' | 'brought_forward' | 'carried_forward'> {
  supplier: PdfSupplier;
  client: PdfParty;
  /** Without the documents' ids: the PDF prints numbers, and its samples have no documents. */
  entries: LedgerEntry[];
}
