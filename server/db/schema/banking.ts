import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';
import { payments } from './billing';
import type { Allocation } from '../../../shared/billing/accounts';
import type { Suggestion } from '../../../shared/banking/match';

/** A bank statement file an admin imported, with the balances it stated. */
export const bankStatements = pgTable('bank_statements', {
  id: serial('id').primaryKey(),
  format: text('format').notNull(),
  account: text('account').notNull().default(''),
  currency: text('currency').notNull().default('ZAR'),
  openingBalance: bigint('opening_balance', { mode: 'number' }),
  closingBalance: bigint('closing_balance', { mode: 'number' }),
  dateFrom: date('date_from', { mode: 'string' }).notNull(),
  dateTo: date('date_to', { mode: 'string' }).notNull(),
  fileName: text('file_name').notNull().default(''),
  /** Lines kept from the file (those not seen before). */
  lines: integer('lines').notNull(),
  importedBy: integer('imported_by').references(() => users.id),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

export const bankLineStatuses = ['matched', 'suggested', 'unmatched', 'ignored'] as const;
export type BankLineStatus = (typeof bankLineStatuses)[number];

/**
 * One line of a bank statement. `dedupe_key` is the bank's own id when it gives one, else date,
 * amount, reference and running balance: a line seen before is never kept twice.
 */
export const bankLines = pgTable(
  'bank_lines',
  {
    id: serial('id').primaryKey(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id),
    position: integer('position').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amount: integer('amount').notNull(),
    description: text('description').notNull().default(''),
    reference: text('reference').notNull().default(''),
    bankId: text('bank_id'),
    balance: bigint('balance', { mode: 'number' }),
    dedupeKey: text('dedupe_key').notNull(),
    status: text('status', { enum: bankLineStatuses }).notNull(),
    clientId: integer('client_id').references(() => clients.id),
    paymentId: integer('payment_id').references(() => payments.id),
    suggestions: jsonb('suggestions').$type<Suggestion[]>().notNull().default([]),
    ignoreReason: text('ignore_reason').notNull().default(''),
    /** `auto` or `hand`. */
    matchedBy: text('matched_by'),
  },
  (t) => [
    uniqueIndex('bank_lines_dedupe_key').on(t.dedupeKey),
    index('bank_lines_statement').on(t.statementId, t.position),
    index('bank_lines_status').on(t.status, t.id),
    index('bank_lines_payment').on(t.paymentId),
    check('bank_lines_status', sql`${t.status} in ('matched', 'suggested', 'unmatched', 'ignored')`),
  ],
);

/** An admin's rule: text in a line → a client, or → ignore (bank charges). Tried before the learned payers. */
export const bankRules = pgTable(
  'bank_rules',
  {
    id: serial('id').primaryKey(),
    pattern: text('pattern').notNull(),
    clientId: integer('client_id').references(() => clients.id),
    ignore: boolean('ignore').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('bank_rules_target', sql`(${t.clientId} is not null) <> ${t.ignore}`)],
);

/** Payer texts learned when an admin matches a line by hand. */
export const bankPayers = pgTable(
  'bank_payers',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    payerText: text('payer_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_payers_text_client').on(t.payerText, t.clientId)],
);

/** Each client's payment reference ("use this reference"), made by a trigger on clients (migration 0031). */
export const clientPaymentReferences = pgTable(
  'client_payment_references',
  {
    clientId: integer('client_id')
      .primaryKey()
      .references(() => clients.id),
    code: text('code').notNull(),
  },
  (t) => [uniqueIndex('client_payment_references_code').on(t.code)],
);

/** A confirmed payment taken back (a match undone): the payment and its allocations stay, this records the reversal. */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    bankLineId: integer('bank_line_id').references(() => bankLines.id),
    reason: text('reason').notNull().default(''),
    allocations: jsonb('allocations').$type<Allocation[]>().notNull(),
    reversedBy: integer('reversed_by').references(() => users.id),
    reversedAt: timestamp('reversed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_reversals_payment').on(t.paymentId)],
);
