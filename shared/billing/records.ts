import type { Ageing, AgeingBucket, EntryType, PaymentTerms, StatementEntry as LedgerEntry } from './accounts';
import type { ClassTotals, VatClass } from './vat';

/**
 * The billing calls' records as plain types, for the web app (no schema code in its bundle). The
 * server's TypeBox shapes (server/modules/billing/wire.ts) are checked against these at compile
 * time (server/modules/billing/wireRecords.ts): a field added to one and not the other fails the
 * type check. Money in integer cents, days as YYYY-MM-DD.
 */
export type { Ageing, AgeingBucket, ClassTotals, EntryType, PaymentTerms, VatClass };

export interface VatRateRow {
  id: number;
  vat_class: VatClass;
  rate_bp: number;
  valid_from: string;
}

export interface BillingSettings {
  legal_name: string;
  address: string;
  vat_number: string;
  registration_number: string;
  bank_name: string;
  bank_account_name: string;
  bank_account_number: string;
  bank_branch_code: string;
  invoice_prefix: string;
  credit_note_prefix: string;
  debit_note_prefix: string;
  default_payment_terms: PaymentTerms;
  prices_include_vat: boolean;
}

export type SettingsAnswer = BillingSettings & { vat_rates: VatRateRow[] };

export const documentStatuses = ['open', 'partly_paid', 'paid', 'credited', 'overdue'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];
/** What the invoices list filters on (a partly paid invoice is still open). */
export const statusFilters = ['open', 'paid', 'overdue', 'credited'] as const;

export type DocumentType = 'invoice' | 'credit_note' | 'debit_note';

export interface DocumentSummary {
  id: number;
  type: DocumentType;
  number: string;
  order_id: number | null;
  order_reference: string | null;
  invoice_id: number | null;
  invoice_number: string | null;
  client_id: number;
  client_name: string;
  issue_date: string;
  due_at: string;
  full: boolean;
  total_excl_vat: number;
  vat: number;
  total: number;
  /** What the invoice still owes (a note: 0). */
  balance: number;
  status: DocumentStatus;
  reason: string;
}

export interface DocumentLine {
  id: number;
  invoice_line_id: number | null;
  product_id: number | null;
  sku: string;
  description: string;
  quantity: number;
  unit_price: number;
  vat_class: VatClass;
  rate_bp: number;
  total_excl_vat: number;
  vat: number;
  total: number;
  /** An invoice line: what credit notes have taken off it (units, and their amounts as issued). */
  credited_quantity?: number;
  credited_total?: number;
  credited_vat?: number;
}

export interface Party {
  name: string;
  address: string;
  vat_number: string;
  [more: string]: unknown;
}

export interface BillingDocument extends DocumentSummary {
  supply_date: string;
  prices_include_vat: boolean;
  by_class: ClassTotals[];
  supplier: Party;
  recipient: Party;
  lines: DocumentLine[];
  notes: { id: number; type: string; number: string; issue_date: string; total: number; reason: string }[];
  allocations: { payment_id: number; reference: string; paid_at: string; amount: number }[];
}

export const paymentStatuses = ['pending', 'confirmed', 'refused', 'reversed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export interface Payment {
  id: number;
  client_id: number;
  client_name: string;
  amount: number;
  reference: string;
  paid_at: string;
  status: PaymentStatus;
  unallocated: number;
  has_proof: boolean;
  proof_name: string | null;
  refused_reason: string;
  created_at: string;
  allocations: { invoice_id: number; number: string; amount: number }[];
}

export interface Allocation {
  invoice_id: number;
  amount: number;
}

/** A line of a statement (the shared ledger's entry) with the id of its document or payment. */
export interface StatementEntry extends LedgerEntry {
  id: number;
}

export interface Statement {
  client_id: number;
  client_name: string;
  from: string;
  to: string;
  opening_balance: number;
  closing_balance: number;
  /** The period's entries in all; `entries` is one page of them (all of them in the PDF). */
  total: number;
  page: number;
  per_page: number;
  /** The balance before the page's first entry, and after its last. */
  brought_forward: number;
  carried_forward: number;
  entries: StatementEntry[];
  ageing: Ageing;
}

export interface Debtor extends Ageing {
  id: number;
  client_name: string;
  email: string;
  payment_terms: PaymentTerms;
  credit_limit: number | null;
  balance: number;
}

export interface AccountSummary {
  client_id: number;
  balance: number;
  unallocated_credit: number;
  payment_terms: PaymentTerms;
  credit_limit: number | null;
  vat_number: string;
  ageing: Ageing;
}

/** The credit position orders/quote answers for a client with a limit. */
export interface CreditPosition {
  limit: number;
  exposure: number;
  over_by: number;
}
