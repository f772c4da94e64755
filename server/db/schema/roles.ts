import { pgTable, serial, text } from 'drizzle-orm/pg-core';

/** The portal's five roles; `name` is what the SPA calls role_name. */
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  description: text('description').notNull().default(''),
});

export type Role = typeof roles.$inferSelect;
