import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { clients } from './clients';
import { roles } from './roles';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    clientId: integer('client_id').references(() => clients.id),
    branchId: integer('branch_id').references(() => branches.id),
    active: boolean('active').notNull().default(true),
    /** Carried in every token; bumping it (logout, password change, deactivation) revokes them all. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * The TOTP secret, encrypted (server/auth/secretBox.ts); set at enrolment, in force once
     * `totpEnabledAt` is set by a confirmed first code. Never sent back after enrolment.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The time step of the last code accepted: a code is good once (RFC 6238 §5.2). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower').on(sql`lower(${t.email})`), index('users_client').on(t.clientId)],
);

export type User = typeof users.$inferSelect;

/** The columns of a single-use, expiring token given to a user, of which only a hash is kept. */
export const singleUseTokenColumns = () => ({
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Single-use password reset links; only a hash of the token is kept. */
export const passwordResets = pgTable('password_resets', {
  ...singleUseTokenColumns(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed sign-ins, kept in the database so throttling holds across several API instances. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_at').on(t.email, t.at), index('login_failures_ip_at').on(t.ip, t.at)],
);
