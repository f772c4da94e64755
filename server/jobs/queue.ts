import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { jobs } from '../db/schema';

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  /** Not before this moment; default: now. */
  runAt?: Date;
  /** A second job with the same key is not created (enqueue answers null). */
  dedupeKey?: string;
  /** What the job is about (`mailing_send:12`), for the screens that list jobs. */
  ref?: string;
  maxAttempts?: number;
}

/**
 * "Now" for a job that is due at once, cut to the millisecond: a worker claims what is due by its
 * own clock, a JavaScript Date (milliseconds), and a job stamped with the database's microseconds
 * could otherwise be a fraction of a millisecond "later" than a round that starts right after it —
 * unclaimed until the next poll, and `drain()` would stop before it.
 */
const dueNow = sql`date_trunc('milliseconds', now())`;

/**
 * Adds a job. Call it with the transaction of the change that causes the work, so the job exists
 * exactly when the change does (the outbox pattern): a crash or a mail server that is down delays
 * the work, never loses it. Answers the job's id, or null when `dedupeKey` was taken.
 */
export async function enqueue(db: Db | Tx, job: NewJob): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? {},
      runAt: job.runAt ?? dueNow,
      dedupeKey: job.dedupeKey ?? null,
      ref: job.ref ?? null,
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/** Many jobs of one kind in one statement (a campaign's deliveries). */
export async function enqueueMany(db: Db | Tx, list: NewJob[]): Promise<number> {
  if (list.length === 0) return 0;
  const rows = await db
    .insert(jobs)
    .values(
      list.map((job) => ({
        kind: job.kind,
        payload: job.payload ?? {},
        runAt: job.runAt ?? dueNow,
        dedupeKey: job.dedupeKey ?? null,
        ref: job.ref ?? null,
        maxAttempts: job.maxAttempts ?? 8,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return rows.length;
}
