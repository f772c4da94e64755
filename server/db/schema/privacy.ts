import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';

export const erasureStatuses = ['pending', 'approved', 'declined'] as const;
export type ErasureStatus = (typeof erasureStatuses)[number];

/**
 * A member's request to be erased (POPIA s24, issue 24): asked by the member from its own page or
 * recorded by an admin, then approved (the personal data is anonymised in that transaction) or
 * declined with a reason. The row holds no personal data itself, so it outlives the erasure as
 * the record that it happened.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    status: text('status', { enum: erasureStatuses }).notNull().default('pending'),
    requestedBy: integer('requested_by').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why an admin declined (told to the member); never the member's own data. */
    declineReason: text('decline_reason'),
  },
  (t) => [
    // One open request per member: asking again while one waits answers 409.
    uniqueIndex('erasure_requests_one_pending').on(t.clientId).where(sql`${t.status} = 'pending'`),
    index('erasure_requests_status').on(t.status, t.id),
  ],
);

export type ErasureRequest = typeof erasureRequests.$inferSelect;
