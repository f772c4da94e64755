import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Single-use tickets that open a browser's live-event stream (`POST api/events/ticket`, then
 * `GET api/events?ticket=`), for a browser whose EventSource cannot send an Authorization header:
 * the token never goes in a URL. Only the ticket's hash is kept; a ticket names the session it was
 * made in, so it dies with it, and lives seconds. In the database, not in memory, so the stream may
 * be opened on another instance than the one that made the ticket.
 */
export const eventTickets = pgTable(
  'event_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenVersion: integer('token_version').notNull(),
    sessionId: text('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('event_tickets_expires').on(t.expiresAt)],
);
