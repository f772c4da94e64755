import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { clients, emailDeliverability, emailTemplates, jobs, mailBounces, mailingDeliveries, mailingLists, mailingSends, type MailingSend } from '../../../db/schema';
import { uniqueViolation } from '../../../db/uniqueViolation';
import type { CurrentUser } from '../../../auth/roles';
import { recordAudit } from '../../../audit/record';
import { qualified } from '../../../db/queryParts';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { idsCondition, likePattern, orderByOf, pageOf } from '../../../http/listQuery';
import { enqueue, enqueueMany } from '../../../jobs/queue';
import type { ModuleDeps } from '../../deps';
import { laneJob, lanesFor, recountSql } from './lane';
import { scheduledStartJob } from './scheduledJob';
import { NO_CONSENT_REASON, lacksLeadConsent } from '../../privacy/mailingConsent';
import { affectedRows, rowsOf } from '../../../db/rows';
import type { DeliveryListParams, SendListParams, SendRecord } from './schemas';

/**
 * A second click on "Send" for the same list and template within this window, while the first
 * send runs, answers the first send (200) instead of starting another: the double click of a user
 * whose browser sent no Idempotency-Key.
 */
export const DOUBLE_CLICK_MS = 10_000;
/** The send rate is measured over this window. */
const RATE_WINDOW_MS = 10_000;

type Deps = Pick<ModuleDeps, 'now' | 'jobs'>;

// Only sends that still move are counted (finished ones have nothing open and no rate), so a page
// of past sends reads no deliveries.
const openCount = sql<number>`case when ${qualified(mailingSends.status)} in ('running', 'paused') then (select count(*)::int from ${mailingDeliveries} d
  where d.send_id = ${qualified(mailingSends.id)} and d.status in ('queued', 'sending')) else 0 end`;
const recentCount = (since: Date) => sql<number>`case when ${qualified(mailingSends.status)} = 'running' then (select count(*)::int from ${mailingDeliveries} d
  where d.send_id = ${qualified(mailingSends.id)} and d.status = 'sent' and d.sent_at >= ${since}) else 0 end`;

/** Why a delivery was skipped when its address bounces: the stored reason follows. */
export const UNDELIVERABLE_PREFIX = 'undeliverable: ';

// The send's report: bounces and complaints that came back for it, and the recipients left out
// because their address was already known to bounce.
const bounceCount = (types: string[]) => sql<number>`(select count(*)::int from ${mailBounces} b
  where b.send_id = ${qualified(mailingSends.id)} and b.type in (${sql.join(types.map((t) => sql`${t}`), sql`, `)}))`;
const noConsentCount = sql<number>`(select count(*)::int from ${mailingDeliveries} d
  where d.send_id = ${qualified(mailingSends.id)} and d.status = 'skipped' and d.error = ${NO_CONSENT_REASON})`;
const undeliverableCount = sql<number>`(select count(*)::int from ${mailingDeliveries} d
  where d.send_id = ${qualified(mailingSends.id)} and d.status = 'skipped' and d.error like ${UNDELIVERABLE_PREFIX + '%'})`;

function sendColumns(now: Date) {
  return {
    send: mailingSends,
    open: openCount,
    recent: recentCount(new Date(now.getTime() - RATE_WINDOW_MS)),
    bounced: bounceCount(['hard', 'soft']),
    complaints: bounceCount(['complaint']),
    undeliverable: undeliverableCount,
    no_consent: noConsentCount,
  };
}

type SendRow = { send: MailingSend; open: number; recent: number; bounced: number; complaints: number; undeliverable: number; no_consent: number };

function toRecord(row: SendRow, now: Date): SendRecord {
  const { send } = row;
  const running = send.status === 'running';
  const elapsedMs = send.startedAt ? Math.max(1000, Math.min(RATE_WINDOW_MS, now.getTime() - send.startedAt.getTime())) : RATE_WINDOW_MS;
  const rate = running ? Math.round((row.recent / (elapsedMs / 1000)) * 10) / 10 : 0;
  return {
    id: send.id,
    mailing_list_id: send.listId,
    mailing_list_name: send.listName,
    template_id: send.templateId,
    template_name: send.templateName,
    subject: send.subject,
    status: send.status,
    total: send.total,
    sent: send.sent,
    failed: send.failed,
    skipped: send.skipped,
    undeliverable: row.undeliverable,
    no_consent: row.no_consent,
    bounced: row.bounced,
    complaints: row.complaints,
    queued: row.open,
    rate_per_s: rate,
    seconds_left: running && rate > 0 ? Math.ceil(row.open / rate) : null,
    created_at: send.createdAt.toISOString(),
    scheduled_at: send.scheduledAt?.toISOString() ?? null,
    started_at: send.startedAt?.toISOString() ?? null,
    finished_at: send.finishedAt?.toISOString() ?? null,
  };
}

export async function getSend(db: Db | Tx, id: number, now: Date): Promise<SendRecord> {
  const [row] = await db.select(sendColumns(now)).from(mailingSends).where(eq(mailingSends.id, id));
  if (!row) throw notFound('Send');
  return toRecord(row, now);
}

/** `crm/mailingsends`: past and current sends, per list and per template, newest first by default. */
export async function listSends(db: Db, query: SendListParams, now: Date) {
  const conditions: (SQL | undefined)[] = [];
  if (query.mailing_list_id) conditions.push(eq(mailingSends.listId, query.mailing_list_id));
  if (query.template_id) conditions.push(eq(mailingSends.templateId, query.template_id));
  if (query.status) conditions.push(eq(mailingSends.status, query.status));
  conditions.push(idsCondition(mailingSends.id, query.ids));
  const where = and(...conditions);
  const { limit, offset } = pageOf(query);
  const sortColumns = { id: mailingSends.id, created_at: mailingSends.createdAt };
  const [rows, [{ total }]] = await Promise.all([
    db.select(sendColumns(now)).from(mailingSends).where(where).orderBy(...orderByOf(sortColumns, query, mailingSends.id)).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(mailingSends).where(where),
  ]);
  return { data: rows.map((row) => toRecord(row, now)), total };
}

/** `crm/senddeliveries`: one send's recipients, filtered by status (the failed, with their reasons) and searched. */
export async function listDeliveries(db: Db, query: DeliveryListParams) {
  const conditions: (SQL | undefined)[] = [eq(mailingDeliveries.sendId, query.id)];
  if (query.status) conditions.push(eq(mailingDeliveries.status, query.status));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(sql`(${mailingDeliveries.email} ilike ${pattern} or ${clients.name} ilike ${pattern})`);
  }
  const where = and(...conditions);
  const { limit, offset } = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: mailingDeliveries.id,
        client_id: mailingDeliveries.clientId,
        name: clients.name,
        email: mailingDeliveries.email,
        status: mailingDeliveries.status,
        error: mailingDeliveries.error,
        attempts: mailingDeliveries.attempts,
        sent_at: mailingDeliveries.sentAt,
        message_id: mailingDeliveries.messageId,
      })
      .from(mailingDeliveries)
      .innerJoin(clients, eq(clients.id, mailingDeliveries.clientId))
      .where(where)
      .orderBy(...orderByOf({ id: mailingDeliveries.id }, query, mailingDeliveries.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(mailingDeliveries).innerJoin(clients, eq(clients.id, mailingDeliveries.clientId)).where(where),
  ]);
  return { data: rows.map((r) => ({ ...r, sent_at: r.sent_at?.toISOString() ?? null })), total };
}

async function sendForKey(db: Db, user: CurrentUser, key: string): Promise<number | null> {
  const [row] = await db
    .select({ id: mailingSends.id })
    .from(mailingSends)
    .where(and(eq(mailingSends.createdBy, user.id), eq(mailingSends.idempotencyKey, key)));
  return row?.id ?? null;
}

/**
 * `crm/sendmailinglist`, in one transaction: the send (with a copy of the template) and either its
 * deliveries and lane jobs (now) or, with `scheduled_at`, the one job that will start it then
 * (scheduledSends.ts). The mail goes out once the transaction commits; a crash before that leaves
 * nothing behind.
 */
export async function startSend(
  db: Db,
  deps: Deps,
  user: CurrentUser,
  input: { id: number; template_id: number; scheduled_at?: string },
  idempotencyKey?: string,
): Promise<{ send: SendRecord; created: boolean }> {
  const now = deps.now();
  const scheduledAt = input.scheduled_at === undefined ? null : scheduleTime(input.scheduled_at, now);
  if (idempotencyKey) {
    const existing = await sendForKey(db, user, idempotencyKey);
    if (existing !== null) return { send: await getSend(db, existing, now), created: false };
  }
  let outcome: { id: number; created: boolean; queued: boolean };
  try {
    outcome = await db.transaction(async (tx) => {
      // Locking the list serialises two sends to it (the double click) and a concurrent delete.
      const [list] = await tx.select().from(mailingLists).where(eq(mailingLists.id, input.id)).for('update');
      if (!list) throw notFound('Mailing list');
      const [template] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, input.template_id));
      if (!template) throw notFound('Template');
      const [recent] = await tx
        .select({ id: mailingSends.id })
        .from(mailingSends)
        .where(
          and(
            eq(mailingSends.listId, list.id),
            eq(mailingSends.templateId, template.id),
            inArray(mailingSends.status, ['running', 'scheduled']),
            gte(mailingSends.createdAt, new Date(now.getTime() - DOUBLE_CLICK_MS)),
          ),
        )
        .orderBy(desc(mailingSends.id))
        .limit(1);
      if (recent && !idempotencyKey) return { id: recent.id, created: false, queued: false };

      const [send] = await tx
        .insert(mailingSends)
        .values({
          listId: list.id,
          templateId: template.id,
          listName: list.name,
          templateName: template.name,
          subject: template.subject,
          body: template.body,
          idempotencyKey: idempotencyKey ?? null,
          createdBy: user.id,
          createdAt: now,
          ...(scheduledAt ? { status: 'scheduled' as const, scheduledAt } : { startedAt: now }),
        })
        .returning({ id: mailingSends.id });
      if (scheduledAt) {
        await enqueue(tx, scheduledStartJob(send.id, scheduledAt));
        await recordAudit(tx, {
          userId: user.id,
          action: 'schedule_mailing_send',
          entity: 'mailing_send',
          entityId: send.id,
          data: { mailing_list_id: list.id, template_id: template.id, scheduled_at: scheduledAt.toISOString() },
        });
        return { id: send.id, created: true, queued: false };
      }
      const { total, skipped } = await fillSend(tx, send.id, list.id, now);
      await recordAudit(tx, {
        userId: user.id,
        action: 'start_mailing_send',
        entity: 'mailing_send',
        entityId: send.id,
        data: { mailing_list_id: list.id, template_id: template.id, total, skipped },
      });
      return { id: send.id, created: true, queued: total > 0 };
    });
  } catch (error) {
    if (idempotencyKey && uniqueViolation(error) === 'mailing_sends_idempotency') {
      const existing = await sendForKey(db, user, idempotencyKey);
      if (existing !== null) return { send: await getSend(db, existing, now), created: false };
    }
    throw error;
  }
  if (outcome.queued) deps.jobs.wake();
  return { send: await getSend(db, outcome.id, now), created: outcome.created };
}

/** The furthest ahead a send may be scheduled: a date years out is more likely a typo than a plan. */
export const MAX_SCHEDULE_DAYS = 366;

/** `scheduled_at` as a time in the future (400 naming the field otherwise). */
function scheduleTime(value: string, now: Date): Date {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw badRequest('scheduled_at', 'scheduled_at must be a date and time');
  if (at.getTime() <= now.getTime()) throw badRequest('scheduled_at', 'scheduled_at must be in the future');
  if (at.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) throw badRequest('scheduled_at', `scheduled_at must be within ${MAX_SCHEDULE_DAYS} days`);
  return at;
}

/**
 * One delivery per list member — members who unsubscribed, are archived, have no email, whose
 * address bounces (email_deliverability) or who are leads without consent (POPIA) are recorded as
 * skipped, with the reason — the send's
 * totals, and the lane jobs that will work it. In the caller's transaction.
 */
export async function fillSend(tx: Tx, sendId: number, listId: number, now: Date): Promise<{ total: number; skipped: number }> {
  await tx.execute(sql`
    insert into ${mailingDeliveries} (send_id, client_id, email, status, error, run_at)
    select ${sendId}, c.id, c.email,
      case when c.archived_at is not null or c.email = '' or u.client_id is not null or ed.email is not null or ${lacksLeadConsent} then 'skipped' else 'queued' end,
      case when c.archived_at is not null then 'archived'
           when c.email = '' then 'no email address'
           when u.client_id is not null then 'unsubscribed'
           when ed.email is not null then ${UNDELIVERABLE_PREFIX} || ed.reason
           when ${lacksLeadConsent} then ${NO_CONSENT_REASON} end,
      ${now}
    from mailing_list_clients m
    join ${clients} c on c.id = m.client_id
    left join unsubscribes u on u.client_id = c.id
    left join ${emailDeliverability} ed on ed.email = lower(c.email) and ed.undeliverable_at is not null
    where m.list_id = ${listId}
    order by c.id`);
  const counts = rowsOf<{ status: string; n: number }>(
    await tx.execute(sql`select status, count(*)::int as n from ${mailingDeliveries} where send_id = ${sendId} group by status`),
  );
  const total = counts.find((c) => c.status === 'queued')?.n ?? 0;
  const skipped = counts.find((c) => c.status === 'skipped')?.n ?? 0;
  const lanes = lanesFor(total);
  await tx
    .update(mailingSends)
    .set({ total, skipped, lanes, ...(total === 0 ? { status: 'done' as const, finishedAt: now } : {}) })
    .where(eq(mailingSends.id, sendId));
  if (total > 0) await enqueueMany(tx, laneJobs(sendId, 0, lanes));
  return { total, skipped };
}

function laneJobs(sendId: number, generation: number, lanes: number) {
  return Array.from({ length: lanes }, (_, lane) => laneJob({ send_id: sendId, generation, lane, seq: 0 }));
}

async function lockSend(tx: Tx, id: number): Promise<MailingSend> {
  const [send] = await tx.select().from(mailingSends).where(eq(mailingSends.id, id)).for('update');
  if (!send) throw notFound('Send');
  return send;
}

type Action = 'pause' | 'resume' | 'cancel' | 'retry';

/**
 * Pause, resume, cancel and retry (the failed): a status change on the send row, under its lock.
 * Lanes look at the status between batches, so a pause or cancel stops within one batch per lane;
 * resume and retry start a new generation of lanes (older lanes that are still around stop).
 */
export async function changeSend(db: Db, deps: Deps, user: CurrentUser, id: number, action: Action): Promise<SendRecord> {
  const now = deps.now();
  const woke = await db.transaction(async (tx) => {
    const send = await lockSend(tx, id);
    let startLanes = false;
    let data: Record<string, unknown> = {};
    if (action === 'pause') {
      if (send.status !== 'running') throw conflict('status', `a ${send.status} send cannot be paused`);
      await tx.update(mailingSends).set({ status: 'paused', ...recountSql(id) }).where(eq(mailingSends.id, id));
    } else if (action === 'resume') {
      if (send.status !== 'paused') throw conflict('status', `a ${send.status} send cannot be resumed`);
      startLanes = true;
    } else if (action === 'cancel' && send.status === 'scheduled') {
      // Not started: nothing to put back, only the job that would start it.
      await tx.execute(sql`update ${jobs} set status = 'cancelled', finished_at = ${now} where dedupe_key = ${scheduledStartJob(id, now).dedupeKey} and status = 'queued'`);
      data = { scheduled_at: send.scheduledAt?.toISOString() ?? null };
      await tx.update(mailingSends).set({ status: 'cancelled', finishedAt: now }).where(eq(mailingSends.id, id));
    } else if (action === 'cancel') {
      if (send.status !== 'running' && send.status !== 'paused') throw conflict('status', `a ${send.status} send cannot be cancelled`);
      const result = await tx.execute(sql`update ${mailingDeliveries} set status = 'cancelled', locked_until = null
        where send_id = ${id} and status = 'queued'`);
      data = { cancelled: affectedRows(result) };
      await tx.update(mailingSends).set({ status: 'cancelled', finishedAt: now, ...recountSql(id) }).where(eq(mailingSends.id, id));
    } else {
      if (send.status === 'cancelled' || send.status === 'scheduled') throw conflict('status', `a ${send.status} send cannot be retried`);
      const result = await tx.execute(sql`update ${mailingDeliveries} set status = 'queued', attempts = 0, error = null, run_at = ${now}
        where send_id = ${id} and status = 'failed'`);
      const retried = affectedRows(result);
      if (retried === 0) throw conflict('id', 'this send has no failed deliveries to retry');
      data = { retried };
      await tx.update(mailingSends).set(recountSql(id)).where(eq(mailingSends.id, id));
      startLanes = send.status !== 'paused';
    }
    if (startLanes) {
      const generation = send.generation + 1;
      await tx.update(mailingSends).set({ status: 'running', generation, finishedAt: null }).where(eq(mailingSends.id, id));
      await enqueueMany(tx, laneJobs(id, generation, send.lanes));
    }
    await recordAudit(tx, { userId: user.id, action: `${action}_mailing_send`, entity: 'mailing_send', entityId: id, data });
    return startLanes;
  });
  if (woke) deps.jobs.wake();
  return getSend(db, id, now);
}
