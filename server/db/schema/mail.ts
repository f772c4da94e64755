import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Where mail goes when no SMTP_URL is set: readable by an operator, and by tests. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
