import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * How many committed transactions have changed each tracked table (server/db/changeCounters.ts):
 * the validators (ETags) of list and record answers are made from these, so a request whose
 * validator still matches is answered 304 without running its query. Kept by triggers
 * (migration 0014), in the writing transaction, so a counter and the data it stands for are
 * always seen together.
 */
export const changeCounters = pgTable('change_counters', {
  tableName: text('table_name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The tables the open transaction has changed, one row each, until it commits: the commit-time
 * trigger counts them all at once, in name order (see the migration). Never holds committed rows.
 */
export const pendingChanges = pgTable('pending_changes', {
  tableName: text('table_name').notNull(),
});
