import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { products } from './products';
import { orderLines, orders } from './orders';
import { stockMovementKinds } from '../../../shared/stock/availability';

/**
 * An item's stock in a branch (migration 0035), kept in step with its movements in their
 * transaction: on hand, reserved for confirmed orders (never above on hand), backordered (ordered
 * and confirmed with nothing to reserve) and in production. `item_key` '' is the product itself.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull().default(''),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    backordered: integer('backordered').notNull().default(0),
    inProduction: integer('in_production').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'stock_levels_pk', columns: [t.branchId, t.productId, t.itemKey] }),
    // The production plan's items: something waits for them or is being made (migration 0041).
    index('stock_levels_planned').on(t.branchId, t.productId).where(sql`${t.backordered} > 0 OR ${t.inProduction} > 0`),
    check('stock_levels_on_hand', sql`${t.onHand} >= 0`),
    check('stock_levels_reserved', sql`${t.reserved} >= 0 AND ${t.reserved} <= ${t.onHand}`),
    check('stock_levels_backordered', sql`${t.backordered} >= 0`),
    check('stock_levels_in_production', sql`${t.inProduction} >= 0`),
  ],
);

/** One change of a level: `quantity` moves on hand, `reserved` and `backordered` the other figures. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    branchId: integer('branch_id').notNull(),
    productId: integer('product_id').notNull(),
    itemKey: text('item_key').notNull().default(''),
    kind: text('kind', { enum: stockMovementKinds }).notNull(),
    quantity: integer('quantity').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    backordered: integer('backordered').notNull().default(0),
    reason: text('reason').notNull().default(''),
    orderId: integer('order_id'),
    orderLineId: bigint('order_line_id', { mode: 'number' }),
    userId: integer('user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_item_at').on(t.branchId, t.productId, t.itemKey, t.at),
    index('stock_movements_at').on(t.at, t.id),
    index('stock_movements_order').on(t.orderId).where(sql`${t.orderId} IS NOT NULL`),
    check('stock_movements_kind', sql`${t.kind} IN ('count', 'adjustment', 'production', 'delivery', 'return', 'reservation', 'backorder_filled', 'release', 'cancellation')`),
  ],
);

/**
 * What one line of a confirmed order holds: reserved, backordered and delivered add up to the
 * line's quantity (a CHECK). A delivery takes its units off `reserved` here and off the level's
 * on hand and reserved, adding them to `delivered`.
 */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderLineId: bigint('order_line_id', { mode: 'number' }).references(() => orderLines.id, { onDelete: 'set null' }),
    branchId: integer('branch_id').notNull(),
    productId: integer('product_id').notNull(),
    itemKey: text('item_key').notNull().default(''),
    quantity: integer('quantity').notNull(),
    reserved: integer('reserved').notNull().default(0),
    backordered: integer('backordered').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('stock_reservations_line').on(t.orderLineId),
    index('stock_reservations_order').on(t.orderId),
    index('stock_reservations_backorders').on(t.branchId, t.productId, t.itemKey, t.confirmedAt, t.id).where(sql`${t.backordered} > 0`),
    check('stock_reservations_figures', sql`${t.reserved} >= 0 AND ${t.backordered} >= 0 AND ${t.delivered} >= 0`),
    check('stock_reservations_whole_line', sql`${t.reserved} + ${t.backordered} + ${t.delivered} = ${t.quantity}`),
  ],
);

export const workOrderStatuses = ['open', 'in_progress', 'done'] as const;

/**
 * What production is asked to make in a branch (migration 0035). `made` grows with each
 * completion (a `production` movement); what is left to make counts in the level's in_production.
 */
export const workOrders = pgTable(
  'work_orders',
  {
    id: serial('id').primaryKey(),
    /** WO-000123, derived from the id. */
    number: text('number')
      .notNull()
      .generatedAlwaysAs(sql`'WO-' || lpad(id::text, 6, '0')`),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull().default(''),
    quantity: integer('quantity').notNull(),
    made: integer('made').notNull().default(0),
    status: text('status', { enum: workOrderStatuses }).notNull().default('open'),
    plannedFor: date('planned_for', { mode: 'string' }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('work_orders_open').on(t.branchId, t.productId).where(sql`${t.status} <> 'done'`),
    index('work_orders_status').on(t.status, t.id),
    check('work_orders_quantity', sql`${t.quantity} > 0 AND ${t.made} >= 0 AND ${t.made} <= ${t.quantity}`),
    check('work_orders_status', sql`${t.status} IN ('open', 'in_progress', 'done')`),
  ],
);
