import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { singleUseTokenColumns, users } from './users';

/**
 * Where a user is signed in: one row per sign-in, named in its tokens (`sid`). A refresh moves
 * `last_seen_at`; ending it refuses its tokens at once. A session also ends with its token version
 * (logout, a password reset, an admin's "end sessions").
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenVersion: integer('token_version').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('user_sessions_user_seen').on(t.userId, t.lastSeenAt), index('user_sessions_user_ended').on(t.userId, t.endedAt)],
);

/** Ten single-use codes per enrolment, for a lost phone; only their hashes are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user').on(t.userId)],
);

/** The second step of a sign-in: a password accepted, a code still owed. Short-lived, single-use, hashed. */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  singleUseTokenColumns(),
  (t) => [index('two_factor_challenges_expires').on(t.expiresAt)],
);

/** The company's sign-in rules; one row (id 1), kept by an admin on the company settings screen. */
export const securitySettings = pgTable(
  'security_settings',
  {
    id: integer('id').primaryKey().default(1),
    requireTwoFactorForAdmins: boolean('require_two_factor_for_admins').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('security_settings_one_row', sql`${t.id} = 1`)],
);
