import { bigint, bigserial, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';
import { productGroups } from './products';

import type { CommissionTier } from '../../../shared/commissions/statement';

/** A rep's commission rate (basis points) on what its clients paid net of VAT; per product group, or for all else (null). */
export const commissionPlans = pgTable(
  'commission_plans',
  {
    id: serial('id').primaryKey(),
    repUserId: integer('rep_user_id')
      .notNull()
      .references(() => users.id),
    productGroupId: integer('product_group_id').references(() => productGroups.id),
    rateBp: integer('rate_bp').notNull(),
    tiers: jsonb('tiers').$type<CommissionTier[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [unique('commission_plans_key').on(t.repUserId, t.productGroupId).nullsNotDistinct(), check('commission_plans_rate', sql`${t.rateBp} BETWEEN 0 AND 10000`)],
);

/** What a rep's clients are to pay in a month (net of VAT, cents); the tiers start above it. */
export const commissionTargets = pgTable(
  'commission_targets',
  {
    repUserId: integer('rep_user_id')
      .notNull()
      .references(() => users.id),
    month: text('month').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'commission_targets_pk', columns: [t.repUserId, t.month] })],
);

export const commissionEntryKinds = ['payment', 'clawback'] as const;

/**
 * The commissions ledger (migration 0034): what a rep earns on (a payment allocated to one of its
 * invoices, per product group) and what a credit note takes back (negative), in the month whose
 * statement it counts in. Written by the module's subscribers to the payment and credit note events.
 */
export const commissionEntries = pgTable(
  'commission_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    repUserId: integer('rep_user_id').notNull(),
    month: text('month').notNull(),
    kind: text('kind', { enum: commissionEntryKinds }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    clientId: integer('client_id').notNull(),
    invoiceId: integer('invoice_id').notNull(),
    paymentId: integer('payment_id'),
    allocationId: integer('allocation_id'),
    creditNoteId: integer('credit_note_id'),
    productGroupId: integer('product_group_id'),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('commission_entries_rep_month').on(t.repUserId, t.month), index('commission_entries_invoice').on(t.invoiceId), check('commission_entries_kind', sql`${t.kind} IN ('payment', 'clawback')`)],
);

/** A month an admin closed: its statements are stored and never change. */
export const commissionMonths = pgTable('commission_months', {
  month: text('month').primaryKey(),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  closedBy: integer('closed_by'),
});

/** A closed month's statement of one rep, as it was closed (the API's statement record). */
export const commissionStatements = pgTable(
  'commission_statements',
  {
    repUserId: integer('rep_user_id').notNull(),
    month: text('month')
      .notNull()
      .references(() => commissionMonths.month),
    statement: jsonb('statement').notNull(),
  },
  (t) => [primaryKey({ name: 'commission_statements_pk', columns: [t.repUserId, t.month] })],
);
