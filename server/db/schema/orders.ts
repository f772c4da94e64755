import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { clients } from './clients';
import { products } from './products';
import { users } from './users';
import { vatClasses } from '../../../shared/billing/vat';

export const orderStatusValues = ['new', 'confirmed', 'in_production', 'ready', 'dispatched', 'delivered', 'cancelled'] as const;

/** An order of a client at a branch; money in cents, `total` kept with the lines in one transaction. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** ORD-000123: what people say on the phone; derived from the id so it is unique for free. */
    reference: text('reference')
      .notNull()
      .generatedAlwaysAs(sql`'ORD-' || lpad(id::text, 6, '0')`),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: orderStatusValues }).notNull().default('new'),
    /** With VAT: the sum of the lines' totals. */
    total: integer('total').notNull(),
    /** The VAT in `total`, the sum of the lines' VAT (integer cents, per line, s66). */
    vat: integer('vat').notNull().default(0),
    /** Whether the unit prices were VAT-inclusive when the order was priced (billing settings then). */
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(true),
    notes: text('notes').notNull().default(''),
    courierName: text('courier_name').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    /** The public tracking link's secret (≥ 128 bits). */
    token: text('token').notNull(),
    /** Bumped by every change: an update that names an older version is stale (409). */
    version: integer('version').notNull().default(1),
    /** The creator's `Idempotency-Key`: a retried create answers the order it already made. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_token').on(t.token),
    uniqueIndex('orders_idempotency').on(t.createdBy, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    index('orders_branch_created').on(t.branchId, t.createdAt),
    index('orders_client_created').on(t.clientId, t.createdAt),
    // A client's orders not yet delivered or cancelled: the credit check sums them on every create.
    index('orders_client_open').on(t.clientId).where(sql`${t.status} in ('new', 'confirmed', 'in_production', 'ready')`),
    index('orders_created').on(t.createdAt),
    index('orders_status').on(t.status, t.id),
    index('orders_total').on(t.total),
    // Lists at a million orders (migration 0030): a client's orders by status and branch (a member's
    // list, a search's orders once its clients are found, counted from the index alone), and the
    // status lists across and within branches in date order.
    index('orders_client_status').on(t.clientId, t.status, t.branchId, t.createdAt),
    index('orders_status_created').on(t.status, t.createdAt),
    index('orders_branch_status_created').on(t.branchId, t.status, t.createdAt),
    // A courier event finds the orders carrying its waybill (migration 0038).
    index('orders_tracking_number').on(t.trackingNumber).where(sql`${t.trackingNumber} <> ''`),
    check('orders_total_not_negative', sql`${t.total} >= 0`),
  ],
);

/** A line's unit price is frozen when it is added: later price changes never rewrite an order. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    /** VAT frozen with the price: the product's class and the rate in force on the order's day. */
    vatClass: text('vat_class', { enum: vatClasses }).notNull().default('standard'),
    rateBp: integer('rate_bp').notNull().default(1500),
    vat: integer('vat').notNull(),
    /** The line with VAT. */
    total: integer('total').notNull(),
    propertyValueIds: integer('property_value_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    index('order_lines_order').on(t.orderId, t.position),
    index('order_lines_product').on(t.productId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_unit_price_not_negative', sql`${t.unitPrice} >= 0`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: orderStatusValues }),
    toStatus: text('to_status', { enum: orderStatusValues }).notNull(),
    userId: integer('user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order').on(t.orderId, t.at)],
);

export const orderComments = pgTable(
  'order_comments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_comments_order').on(t.orderId, t.createdAt), check('order_comments_text_not_empty', sql`length(trim(${t.text})) > 0`)],
);

/**
 * Orders per branch, business day (UTC+2) and status, with their value: kept up to date in the
 * transaction of every order write (server/modules/orders/dailyStats.ts), so the branch list's
 * count and its monthly stats read a few hundred rows instead of counting 100,000 orders.
 */
export const orderDailyStats = pgTable(
  'order_daily_stats',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: orderStatusValues }).notNull(),
    orderCount: integer('order_count').notNull(),
    orderValue: bigint('order_value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.day, t.status] })],
);

/**
 * A new order of orders/create not yet counted in the daily stats, its change counters not yet
 * raised and its live event not yet sent (migration 0028): its commit then waits on no row another
 * order shares. Announced right after the commit (server/modules/orders/announcements.ts); no
 * foreign key, as an order deleted meanwhile must still leave its count for the delete to take off.
 */
export const orderAnnouncements = pgTable('order_announcements', {
  orderId: integer('order_id').primaryKey(),
  clientId: integer('client_id').notNull(),
  branchId: integer('branch_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  total: integer('total').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
