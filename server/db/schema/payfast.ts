import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';
import { payments } from './billing';

export const checkoutStatuses = ['open', 'paid'] as const;

/** What a member (or an admin) asked to pay through PayFast: the amount and the invoices it pays, fixed when asked. */
export const payfastCheckouts = pgTable(
  'payfast_checkouts',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    amount: integer('amount').notNull(),
    invoiceIds: integer('invoice_ids').array().notNull(),
    status: text('status', { enum: checkoutStatuses }).notNull().default('open'),
    paymentId: integer('payment_id').references(() => payments.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payfast_checkouts_client').on(t.clientId, t.id),
    check('payfast_checkouts_amount_positive', sql`${t.amount} > 0`),
    check('payfast_checkouts_status', sql`${t.status} in ('open', 'paid')`),
  ],
);

/** `recorded`: a payment was written; `not_paid`: genuine, but not a completed payment; `refused`: a check failed. */
export const notificationOutcomes = ['recorded', 'not_paid', 'refused'] as const;
export type NotificationOutcome = (typeof notificationOutcomes)[number];

/** Every notification PayFast (or anyone) posted, with what was done about it: the admin's log. */
export const payfastNotifications = pgTable(
  'payfast_notifications',
  {
    id: serial('id').primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    checkoutId: integer('checkout_id').references(() => payfastCheckouts.id),
    pfPaymentId: text('pf_payment_id').notNull().default(''),
    paymentStatus: text('payment_status').notNull().default(''),
    amountGross: text('amount_gross').notNull().default(''),
    caller: text('caller').notNull().default(''),
    outcome: text('outcome', { enum: notificationOutcomes }).notNull(),
    reason: text('reason').notNull().default(''),
    fields: jsonb('fields').$type<[string, string][]>().notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
  },
  (t) => [
    uniqueIndex('payfast_notifications_once').on(t.pfPaymentId).where(sql`${t.outcome} <> 'refused'`),
    check('payfast_notifications_outcome', sql`${t.outcome} in ('recorded', 'not_paid', 'refused')`),
  ],
);
