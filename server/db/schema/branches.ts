import { sql } from 'drizzle-orm';
import { boolean, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    defaultBranch: boolean('default_branch').notNull().default(false),
  },
  // At most one default branch, enforced by the database rather than by every writer.
  (t) => [uniqueIndex('branches_one_default').on(t.defaultBranch).where(sql`${t.defaultBranch}`)],
);

export type Branch = typeof branches.$inferSelect;
