import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type Job, jobs } from '../../../db/schema';
import type { CurrentUser } from '../../../auth/roles';
import { recordAudit } from '../../../audit/record';
import { conflict, notFound } from '../../../http/errors';
import { idsCondition, likePattern, orderByOf, pageOf } from '../../../http/listQuery';
import { MAIL_JOB } from '../../../mail/queue';
import type { ModuleDeps } from '../../deps';
import type { MailQueueParams } from './schemas';

const to = sql<string>`coalesce(${jobs.payload}->>'to', '')`;
const subject = sql<string>`coalesce(${jobs.payload}->>'subject', '')`;

function toRecord(row: Job) {
  const payload = row.payload as { to?: string; subject?: string };
  return {
    id: row.id,
    to: payload.to ?? '',
    subject: payload.subject ?? '',
    status: row.status,
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    last_error: row.lastError,
    ref: row.ref,
    created_at: row.createdAt.toISOString(),
    run_at: row.runAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * `crm/mailqueue`: the single messages of the outbox (password resets, dispatch and membership
 * mail, test sends: jobs of kind 'mail'), waiting, sent and failed. Campaign deliveries have their
 * own list per send (`crm/senddeliveries`).
 */
export async function listMailQueue(db: Db, query: MailQueueParams) {
  const conditions: (SQL | undefined)[] = [eq(jobs.kind, MAIL_JOB)];
  if (query.status) conditions.push(eq(jobs.status, query.status));
  conditions.push(idsCondition(jobs.id, query.ids));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(sql`(${to} ilike ${pattern} or ${subject} ilike ${pattern})`);
  }
  const where = and(...conditions);
  const { limit, offset } = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(jobs).where(where).orderBy(...orderByOf({ id: jobs.id, created_at: jobs.createdAt }, query, jobs.id)).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(jobs).where(where),
  ]);
  return { data: rows.map(toRecord), total };
}

/** `crm/retrymail`: a failed message goes back in the queue with fresh attempts (409 for any other status). */
export async function retryMail(db: Db, deps: Pick<ModuleDeps, 'now' | 'jobs'>, user: CurrentUser, id: number) {
  const row = await db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(and(eq(jobs.id, id), eq(jobs.kind, MAIL_JOB))).for('update');
    if (!job) throw notFound('Mail');
    if (job.status !== 'failed') throw conflict('status', `only failed mail can be retried; this one is ${job.status}`);
    const [updated] = await tx
      .update(jobs)
      .set({ status: 'queued', attempts: 0, runAt: deps.now(), finishedAt: null, lockedBy: null, lockedUntil: null })
      .where(eq(jobs.id, id))
      .returning();
    await recordAudit(tx, { userId: user.id, action: 'retry_mail', entity: 'job', entityId: id, data: { to: (job.payload as { to?: string }).to } });
    return updated;
  });
  deps.jobs.wake();
  return toRecord(row);
}
