import { sql } from 'drizzle-orm';
import { bigserial, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * What couriers report of a waybill (migration 0038), from `api/webhooks/courier`. Keyed by the
 * waybill alone, not by an order: it belongs to whatever carries the waybill (server/modules/courier/
 * waybills.ts), and may arrive before anyone has typed the waybill in. A courier's retries of one
 * (waybill, status, at) are one row; `signature` is the signed request's replay key.
 */
export const courierEvents = pgTable(
  'courier_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    waybill: text('waybill').notNull(),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    location: text('location').notNull().default(''),
    signature: text('signature'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('courier_events_event').on(t.waybill, t.status, t.at), uniqueIndex('courier_events_signature').on(t.signature)],
);

/** Per courier, its tracking page's address with `{waybill}` where the waybill goes. */
export const courierTrackingTemplates = pgTable(
  'courier_tracking_templates',
  {
    courier: text('courier').primaryKey(),
    urlTemplate: text('url_template').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('courier_tracking_templates_name').using('btree', sql`lower(${t.courier})`)],
);



