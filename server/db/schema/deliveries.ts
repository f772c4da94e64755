import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, customType, doublePrecision, index, integer, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { orderLines, orders } from './orders';
import { users } from './users';

/** Binary columns (the proof's signature PNG and photo JPEG) as Node buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * One departure of goods of an order (migration 0037), numbered from the documents' counters.
 * Its proof of delivery (who signed, where and when, the drawn signature, a photo) is written
 * once; `delivered_at` set means proven.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: serial('id').primaryKey(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    courier: text('courier').notNull().default(''),
    waybill: text('waybill').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    signedBy: text('signed_by'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    podCapturedAt: timestamp('pod_captured_at', { withTimezone: true }),
    podLat: doublePrecision('pod_lat'),
    podLng: doublePrecision('pod_lng'),
    podSignature: bytea('pod_signature'),
    podPhoto: bytea('pod_photo'),
    podBy: integer('pod_by'),
    podIdempotencyKey: text('pod_idempotency_key'),
  },
  (t) => [
    unique('deliveries_number').on(t.number),
    unique('deliveries_sequence').on(t.sequence),
    index('deliveries_order').on(t.orderId, t.id),
    // A courier event finds the deliveries carrying its waybill (migration 0038).
    index('deliveries_waybill').on(t.waybill).where(sql`${t.waybill} <> ''`),
    uniqueIndex('deliveries_pod_idempotency').on(t.podIdempotencyKey).where(sql`${t.podIdempotencyKey} IS NOT NULL`),
    check('deliveries_proof_whole', sql`(${t.deliveredAt} IS NULL) = (${t.signedBy} IS NULL) AND (${t.deliveredAt} IS NULL) = (${t.podSignature} IS NULL)`),
  ],
);

/** What a delivery carried of each order line (never more than the line held reserved). */
export const deliveryLines = pgTable(
  'delivery_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    /** The foreign key is DEFERRABLE INITIALLY DEFERRED in migration 0037 (an edit of a delivered order is refused by a subscriber, not mid-statement). */
    orderLineId: bigint('order_line_id', { mode: 'number' })
      .notNull()
      .references(() => orderLines.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    unique('delivery_lines_once').on(t.deliveryId, t.orderLineId),
    index('delivery_lines_order_line').on(t.orderLineId),
    check('delivery_lines_quantity', sql`${t.quantity} > 0`),
  ],
);
