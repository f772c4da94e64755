import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const jobStatuses = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * The durable work queue, kept in the database: mail written in the same transaction
 * as the change that causes it (the outbox pattern), campaign deliveries, scheduled runs. Workers
 * on any number of instances claim due rows with `FOR UPDATE SKIP LOCKED` and hold them under a
 * lease; a worker killed mid-job loses its lease and the row is claimed again (server/jobs/worker.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which handler runs it (server/jobs/handlers.ts). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: jobStatuses }).notNull().default('queued'),
    /** Not before this moment (scheduled runs, retry backoff). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedBy: text('locked_by'),
    /** A running job whose lease ran out belongs to a worker that died: it is claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** At most one job per key ever (a daily run, a mail that must go once). */
    dedupeKey: text('dedupe_key'),
    /** What the job is about, for the screens that list it (`mailing_send:12`, `client:4`). */
    ref: text('ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due').on(t.runAt, t.id).where(sql`${t.status} = 'queued'`),
    index('jobs_leased').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index('jobs_kind_status').on(t.kind, t.status, t.id),
    index('jobs_ref').on(t.ref),
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey),
  ],
);

export type Job = typeof jobs.$inferSelect;
