import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { orders } from './orders';
import { users } from './users';
import { deliveries } from './deliveries';
import { paymentTerms } from '../../../shared/billing/accounts';
import { vatClasses, type ClassTotals } from '../../../shared/billing/vat';

/** The company as its documents name it; one row (id 1), kept by the admin's billing settings screen. */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull().default(''),
    address: text('address').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    registrationNumber: text('registration_number').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAccountName: text('bank_account_name').notNull().default(''),
    bankAccountNumber: text('bank_account_number').notNull().default(''),
    bankBranchCode: text('bank_branch_code').notNull().default(''),
    invoicePrefix: text('invoice_prefix').notNull().default('INV-'),
    creditNotePrefix: text('credit_note_prefix').notNull().default('CN-'),
    debitNotePrefix: text('debit_note_prefix').notNull().default('DN-'),
    defaultPaymentTerms: text('default_payment_terms', { enum: paymentTerms }).notNull().default('30'),
    /** Catalogue prices are entered with VAT in them (the South African retail habit); orders freeze which it was. */
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('billing_settings_one_row', sql`${t.id} = 1`)],
);

/** VAT rates by class and the day they start: a rate change is a row, never a code change. */
export const vatRates = pgTable(
  'vat_rates',
  {
    id: serial('id').primaryKey(),
    vatClass: text('vat_class', { enum: vatClasses }).notNull(),
    /** Basis points: 1500 = 15 %. */
    rateBp: integer('rate_bp').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('vat_rates_class_from').on(t.vatClass, t.validFrom), check('vat_rates_rate_range', sql`${t.rateBp} between 0 and 10000`)],
);

/** One gap-free counter per series, locked by the issuing transaction (a rollback gives the number back). */
export const documentCounters = pgTable('document_counters', {
  series: text('series').primaryKey(),
  last: integer('last').notNull().default(0),
});

export const documentTypes = ['invoice', 'credit_note', 'debit_note'] as const;
export type DocumentType = (typeof documentTypes)[number];

export interface DocumentParty {
  name: string;
  address: string;
  vat_number: string;
  registration_number?: string;
  bank?: { bank_name: string; account_name: string; account_number: string; branch_code: string };
}

/**
 * Tax invoices, credit notes and debit notes. Issued once, never changed or deleted (a trigger
 * refuses it, migration 0010): the parties are copied in as they were on the day of issue.
 */
export const billingDocuments = pgTable(
  'billing_documents',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: documentTypes }).notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    /** A note's invoice. */
    invoiceId: integer('invoice_id'),
    orderId: integer('order_id').references(() => orders.id),
    /** The delivery an invoice is for: an order may have one invoice per delivery (null: the whole order's). */
    deliveryId: integer('delivery_id').references(() => deliveries.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    /** The day the VAT rate was taken for (the order's day). */
    supplyDate: date('supply_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** A full tax invoice (above R5 000) or an abridged one. */
    full: boolean('full').notNull(),
    pricesIncludeVat: boolean('prices_include_vat').notNull(),
    totalExclVat: integer('total_excl_vat').notNull(),
    vat: integer('vat').notNull(),
    total: integer('total').notNull(),
    byClass: jsonb('by_class').$type<ClassTotals[]>().notNull(),
    reason: text('reason').notNull().default(''),
    supplier: jsonb('supplier').$type<DocumentParty>().notNull(),
    recipient: jsonb('recipient').$type<DocumentParty>().notNull(),
    locale: text('locale').notNull().default('en'),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('billing_documents_type_sequence').on(t.type, t.sequence),
    uniqueIndex('billing_documents_number').on(t.number),
    // One whole-order invoice per order, or one invoice per delivery.
    uniqueIndex('billing_documents_order_invoice').on(t.orderId).where(sql`${t.type} = 'invoice' AND ${t.deliveryId} IS NULL`),
    uniqueIndex('billing_documents_delivery_invoice').on(t.deliveryId).where(sql`${t.type} = 'invoice' AND ${t.deliveryId} IS NOT NULL`),
    index('billing_documents_order').on(t.orderId).where(sql`${t.orderId} IS NOT NULL`),
    index('billing_documents_client_date').on(t.clientId, t.issueDate),
    index('billing_documents_invoice').on(t.invoiceId),
    index('billing_documents_type_date').on(t.type, t.issueDate),
    check('billing_documents_amounts', sql`${t.total} = ${t.totalExclVat} + ${t.vat} and ${t.total} >= 0`),
  ],
);

/**
 * A document's lines. Triggers (migrations 0010 and 0025) refuse any UPDATE, DELETE or TRUNCATE,
 * and an INSERT outside the transaction that inserted its document: an issued document never
 * gains, loses or changes a line.
 */
export const billingDocumentLines = pgTable(
  'billing_document_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => billingDocuments.id),
    position: integer('position').notNull(),
    /** A note's line: the invoice line it adjusts. */
    invoiceLineId: integer('invoice_line_id'),
    productId: integer('product_id'),
    sku: text('sku').notNull().default(''),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    vatClass: text('vat_class', { enum: vatClasses }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    totalExclVat: integer('total_excl_vat').notNull(),
    vat: integer('vat').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [index('billing_document_lines_document').on(t.documentId, t.position), index('billing_document_lines_invoice_line').on(t.invoiceLineId)],
);

/**
 * What an invoice still owes: its total, plus debit notes, less credit notes and allocated
 * payments. Kept in the transaction of each of those (the invoice itself never changes), so the
 * debtors screen reads open items instead of replaying every document.
 */
export const invoiceBalances = pgTable(
  'invoice_balances',
  {
    invoiceId: integer('invoice_id')
      .primaryKey()
      .references(() => billingDocuments.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** Invoice total + debit notes − credit notes: the most a note may still credit. */
    value: integer('value').notNull(),
    open: integer('open').notNull(),
  },
  (t) => [index('invoice_balances_open').on(t.clientId, t.dueDate).where(sql`${t.open} <> 0`)],
);

/** `reversed`: a confirmed payment taken back (a bank match undone); its reversal row says when and by whom. */
export const paymentStatuses = ['pending', 'confirmed', 'refused', 'reversed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Where a payment came from, for the accounting export: typed by an admin, a member's proof, a bank line matched, PayFast. */
export const paymentSources = ['manual', 'proof', 'eft_matched', 'eft_by_hand', 'payfast'] as const;
export type PaymentSource = (typeof paymentSources)[number];

/** A payment received (recorded by an admin) or claimed by a member's proof of payment (pending until confirmed). */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    amount: integer('amount').notNull(),
    reference: text('reference').notNull(),
    paidAt: date('paid_at', { mode: 'string' }).notNull(),
    status: text('status', { enum: paymentStatuses }).notNull(),
    /** What is not allocated to an invoice: credit on the account. */
    unallocated: integer('unallocated').notNull(),
    proofFile: text('proof_file'),
    proofType: text('proof_type'),
    proofName: text('proof_name'),
    refusedReason: text('refused_reason').notNull().default(''),
    source: text('source', { enum: paymentSources }).notNull().default('manual'),
    createdBy: integer('created_by').references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_client').on(t.clientId, t.paidAt),
    index('payments_status').on(t.status, t.id),
    index('payments_credit').on(t.clientId).where(sql`${t.status} = 'confirmed' and ${t.unallocated} > 0`),
    check('payments_amount_positive', sql`${t.amount} > 0 and ${t.unallocated} between 0 and ${t.amount}`),
  ],
);

export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => billingDocuments.id),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_allocations_payment').on(t.paymentId), index('payment_allocations_invoice').on(t.invoiceId), check('payment_allocations_positive', sql`${t.amount} > 0`)],
);

/** The monthly statement run: one row per client and month, so two instances mail it once. */
export const statementRuns = pgTable(
  'statement_runs',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    month: text('month').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('statement_runs_client_month').on(t.clientId, t.month)],
);

/** A balance and its ageing buckets in cents: a client's (debtor_balances) or all of them summed (debtor_totals). */
const ageingAmounts = () => ({
  balance: bigint('balance', { mode: 'number' }).notNull(),
  current: bigint('current', { mode: 'number' }).notNull(),
  days1To30: bigint('days_1_30', { mode: 'number' }).notNull(),
  days31To60: bigint('days_31_60', { mode: 'number' }).notNull(),
  days61To90: bigint('days_61_90', { mode: 'number' }).notNull(),
  days91To120: bigint('days_91_120', { mode: 'number' }).notNull(),
  days120Plus: bigint('days_120_plus', { mode: 'number' }).notNull(),
});

/**
 * Each client's balance and ageing as of `as_of`, for the debtors list: recomputed for a client in
 * the transaction of every billing write that touches it (server/modules/billing/debtorBalances.ts),
 * and re-aged for everyone once a day (buckets move with the calendar). The list then reads one row
 * per client instead of ageing every open item of every client on each request.
 */
export const debtorBalances = pgTable(
  'debtor_balances',
  {
    clientId: integer('client_id')
      .primaryKey()
      .references(() => clients.id),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    ...ageingAmounts(),
  },
  (t) => [index('debtor_balances_balance').on(t.balance, t.clientId).where(sql`${t.balance} <> 0`), index('debtor_balances_as_of').on(t.asOf)],
);

/**
 * The sums of `debtor_balances` (how many clients owe or hold credit, and each bucket's total):
 * one row, kept by statement triggers on `debtor_balances` (migration 0012), so the debtors
 * screen's totals line is one row read instead of a pass over every debtor on each request. A
 * billing write holds this row only from its last statement (the debtor row's refresh) to commit.
 */
export const debtorTotals = pgTable(
  'debtor_totals',
  {
    id: integer('id').primaryKey(),
    debtors: bigint('debtors', { mode: 'number' }).notNull(),
    ...ageingAmounts(),
  },
  (t) => [check('debtor_totals_one_row', sql`${t.id} = 1`)],
);
