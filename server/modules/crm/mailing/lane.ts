import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { type Job, mailingDeliveries, mailingSends } from '../../../db/schema';
import { type NewJob, enqueue } from '../../../jobs/queue';
import { type JobHandler, backoffMs } from '../../../jobs/worker';
import type { MailMessage } from '../../../mail/mailer';
import type { ModuleDeps } from '../../deps';
import { type CompiledTemplate, type RenderedMail, compileTemplate, renderTemplate, valuesFor } from './render';
import { trackedTemplate } from '../engagement/tracker';
import { tieToMembers } from '../engagement/settings';
import { rowsOf } from '../../../db/rows';
import { SentMarks } from './sentMarks';
import { unsubscribeToken } from './unsubscribe';

export const LANE_JOB = 'mailing_send';
/** Deliveries claimed at a time by one lane; a pause or cancel takes effect within one batch. */
export const DELIVERY_BATCH = 25;
/**
 * Lanes per send: how many messages of one send are in flight at once, hence the most a crash can
 * repeat. More lanes than SMTP connections (5) keep the pool busy while other lanes write their marks,
 * and let more marks share one UPDATE (SentMarks).
 */
export const MAX_LANES = 8;
/** A delivery that keeps failing for a temporary reason (a 4xx, a connection refused) fails for good after this. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** How often a lane in the middle of a batch looks whether its send was paused or cancelled (ms). */
const STATE_CHECK_MS = 2_000;

export interface LanePayload {
  send_id: number;
  /** Lanes of an older generation (before a resume or retry) stop. */
  generation: number;
  lane: number;
  /** Each lane job hands over to the next (seq + 1) before its job lease runs out. */
  seq: number;
}

export const lanesFor = (total: number) => Math.max(1, Math.min(MAX_LANES, Math.ceil(total / DELIVERY_BATCH)));

/**
 * The job of one lane. The dedupe key makes each hand-over happen once: a lane job that runs again
 * after a crash enqueues the same successor, which is then not created twice.
 */
export function laneJob(payload: LanePayload, runAt?: Date): NewJob {
  return {
    kind: LANE_JOB,
    payload: { ...payload },
    runAt,
    dedupeKey: `mailing_send:${payload.send_id}:g${payload.generation}:l${payload.lane}:${payload.seq}`,
    ref: `mailing_send:${payload.send_id}`,
    maxAttempts: 20,
  };
}

interface ClaimedDelivery {
  id: number;
  client_id: number;
  email: string;
  attempts: number;
  name: string;
  contact_name: string;
  membership_expires_at: Date | string | null;
}

/**
 * Claims up to `limit` due deliveries of a send: queued ones whose time has come, and `sending`
 * ones whose holder's lease ran out (a worker that died). SKIP LOCKED lets lanes on any number of
 * instances claim side by side without waiting for or taking each other's rows; a claimed row is
 * held until `leaseEnd`, the claiming job's own lease.
 */
async function claim(db: Db | Tx, sendId: number, now: Date, leaseEnd: Date, limit: number): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    with claimed as (
      update ${mailingDeliveries} d set status = 'sending', locked_until = ${leaseEnd}, attempts = d.attempts + 1
      where d.id in (
        select id from ${mailingDeliveries}
        where send_id = ${sendId}
          and ((status = 'queued' and run_at <= ${now}) or (status = 'sending' and locked_until < ${now}))
        order by id
        limit ${limit}
        for update skip locked
      )
      returning d.id, d.client_id, d.email, d.attempts
    )
    select claimed.id, claimed.client_id, claimed.email, claimed.attempts, c.name, c.contact_name, c.membership_expires_at
    from claimed join clients c on c.id = claimed.client_id
    order by claimed.id`);
  return rowsOf<ClaimedDelivery>(result).map((row) => ({ ...row, id: Number(row.id) }));
}

/** Spaces one lane's messages so the lanes of a send together keep to MAIL_RATE_PER_SECOND. */
class Pacer {
  private next = 0;
  constructor(private readonly perSecond: number) {}

  async wait(): Promise<void> {
    if (!(this.perSecond > 0)) return;
    const now = Date.now();
    if (this.next > now) await new Promise((resolve) => setTimeout(resolve, this.next - now));
    this.next = Math.max(now, this.next) + 1000 / this.perSecond;
  }
}

/** A refusal that retrying will not change: the server's 5xx answers (an unknown mailbox). */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

export function domainOf(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

type LaneDeps = Pick<ModuleDeps, 'db' | 'mailer' | 'publicUrl' | 'now' | 'mailRatePerSecond'> & Partial<Pick<ModuleDeps, 'mailWindow'>>;

/**
 * Claims within the sliding-window cap: what every send mailed in the last window, and what lanes
 * anywhere hold in flight, leave room for this many. Counting and claiming happen under one
 * transaction-scoped advisory lock, so lanes on several instances cannot both take the last room.
 * With no room, answers when the oldest message in the window leaves it.
 */
async function claimWithinWindow(
  db: Db,
  window: { cap: number; seconds: number },
  sendId: number,
  now: Date,
  leaseEnd: Date,
  limit: number,
): Promise<{ batch: ClaimedDelivery[]; freeAt: Date | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mailing_window_cap'))`);
    const since = new Date(now.getTime() - window.seconds * 1000);
    const [used] = rowsOf<{ sent: number; sending: number; oldest: Date | string | null }>(
      await tx.execute(sql`select
        (select count(*)::int from ${mailingDeliveries} where status = 'sent' and sent_at > ${since}) as sent,
        (select count(*)::int from ${mailingDeliveries} where status = 'sending' and locked_until >= ${now}) as sending,
        (select min(sent_at) from ${mailingDeliveries} where status = 'sent' and sent_at > ${since}) as oldest`),
    );
    const room = window.cap - used.sent - used.sending;
    if (room > 0) return { batch: await claim(tx, sendId, now, leaseEnd, Math.min(limit, room)), freeAt: null };
    // Full with nothing sent in the window: messages in flight hold the room; look again shortly.
    const freeAt = used.oldest ? new Date(new Date(used.oldest).getTime() + window.seconds * 1000 + 1) : new Date(now.getTime() + 2000);
    return { batch: [], freeAt };
  });
}

/** What one delivery's message looks like; the same on a repeat (Message-ID, unsubscribe token). */
async function messageFor(
  deps: LaneDeps,
  template: CompiledTemplate,
  track: (mail: RenderedMail, deliveryId: number) => RenderedMail,
  delivery: ClaimedDelivery,
  domain: string,
): Promise<MailMessage> {
  const token = await unsubscribeToken(deps.db, delivery.id);
  const page = `${deps.publicUrl}/unsubscribe/${token}`;
  const oneClick = `${deps.publicUrl}/api/crm/unsubscribe?token=${token}`;
  const expires = delivery.membership_expires_at;
  const mail = track(
    renderTemplate(
      template,
      valuesFor(
        { name: delivery.name, contactName: delivery.contact_name, email: delivery.email, membershipExpiresAt: expires ? new Date(expires) : null },
        { portal: `${deps.publicUrl}/`, unsubscribe: page },
      ),
    ),
    delivery.id,
  );
  const from = /<([^>]+)>/.exec(deps.mailer.from)?.[1] ?? deps.mailer.from;
  return {
    to: delivery.email,
    ...mail,
    messageId: `<delivery-${delivery.id}@${domain}>`,
    headers: {
      // RFC 2369 and RFC 8058: mail clients offer a one-click unsubscribe that POSTs to the https address.
      'List-Unsubscribe': `<${oneClick}>, <mailto:${from}?subject=unsubscribe%20${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * Works one send, side by side with its other lanes: claims a batch of deliveries, sends each
 * through the mailer (pooled SMTP) and marks it sent as soon as the server accepted it (SentMarks) — so a
 * process killed mid-send repeats at most the message each lane had in flight, with the same
 * Message-ID. A temporary failure is retried later with exponential backoff, a permanent one (5xx)
 * or the last attempt fails the delivery with the server's reason. Before its job lease is half
 * gone the lane hands over to a fresh job of its own; when nothing is left the send is done.
 */
export function mailingLaneHandler(deps: LaneDeps): JobHandler {
  const { db } = deps;
  const domain = domainOf(deps.mailer.from);
  const marks = new SentMarks(db, deps.now);
  return {
    kind: LANE_JOB,
    async run(job: Job, started: Date) {
      const lane = job.payload as unknown as LanePayload;
      const leaseEnd = job.lockedUntil ?? new Date(started.getTime() + 60_000);
      const handOverAt = started.getTime() + (leaseEnd.getTime() - started.getTime()) / 2;
      const [send] = await db.select().from(mailingSends).where(eq(mailingSends.id, lane.send_id));
      if (!send || send.generation !== lane.generation) return;
      if (send.status === 'cancelled') return releaseCancelled(db, send.id, deps.now());
      if (send.status !== 'running') return;
      // Campaign mail is tracked: signed redirect links and an open pixel; the
      // recipient is in them only while the company ties engagement to members.
      const tracking = await trackedTemplate(db, send.id, compileTemplate(send.subject, send.body), deps.publicUrl);
      const template = tracking.template;
      const perMember = await tieToMembers(db);
      const track = (mail: RenderedMail, deliveryId: number) => tracking.track(mail, perMember ? deliveryId : null);
      const pacer = new Pacer(deps.mailRatePerSecond / send.lanes);
      const recount = recountSql(send.id);

      const state = async () => {
        const [row] = await db.select({ status: mailingSends.status, generation: mailingSends.generation }).from(mailingSends).where(eq(mailingSends.id, send.id));
        return row.generation === lane.generation ? row.status : 'superseded';
      };
      let checkedAt = Date.now();

      while (deps.now().getTime() < handOverAt) {
        const { batch, freeAt } = deps.mailWindow?.cap
          ? await claimWithinWindow(db, deps.mailWindow, send.id, deps.now(), leaseEnd, DELIVERY_BATCH)
          : { batch: await claim(db, send.id, deps.now(), leaseEnd, DELIVERY_BATCH), freeAt: null };
        // The window is full: the lane's successor comes back when there is room again.
        if (freeAt) return void (await enqueue(db, laneJob({ ...lane, seq: lane.seq + 1 }, freeAt)));
        if (batch.length === 0) return settle(deps, lane);
        let sent = 0;
        let failed = 0;
        let stop: 'hand-over' | 'scheduled' | 'paused' | 'cancelled' | 'superseded' | 'done' | null = null;
        for (const [index, delivery] of batch.entries()) {
          await pacer.wait();
          // A slow rate makes a long batch: the lane still hands over before its lease ends and
          // notices a pause or cancel within seconds, putting back what it has not sent.
          if (deps.now().getTime() >= handOverAt) stop = 'hand-over';
          else if (Date.now() - checkedAt > STATE_CHECK_MS) {
            checkedAt = Date.now();
            const status = await state();
            if (status !== 'running') stop = status;
          }
          if (stop) {
            await release(db, batch.slice(index), stop === 'cancelled' ? 'cancelled' : 'queued');
            break;
          }
          const message = await messageFor(deps, template, track, delivery, domain);
          try {
            await deps.mailer.send(message);
          } catch (error) {
            const final = isPermanent(error) || delivery.attempts >= MAX_DELIVERY_ATTEMPTS;
            if (final) failed += 1;
            await db
              .update(mailingDeliveries)
              .set(
                final
                  ? { status: 'failed', error: errorText(error), lockedUntil: null }
                  : { status: 'queued', error: errorText(error), lockedUntil: null, runAt: new Date(deps.now().getTime() + backoffMs(delivery.attempts)) },
              )
              .where(eq(mailingDeliveries.id, delivery.id));
            continue;
          }
          await marks.mark(delivery.id, message.messageId!);
          sent += 1;
        }
        const [current] = await db
          .update(mailingSends)
          // Another lane may have finished the send (or the admin paused it) since this batch began,
          // recounting from the deliveries: then recount again rather than add this batch twice.
          .set({
            sent: sql`case when ${mailingSends.status} = 'running' then ${mailingSends.sent} + ${sent} else ${recount.sent} end`,
            failed: sql`case when ${mailingSends.status} = 'running' then ${mailingSends.failed} + ${failed} else ${recount.failed} end`,
          })
          .where(eq(mailingSends.id, send.id))
          .returning({ status: mailingSends.status, generation: mailingSends.generation });
        checkedAt = Date.now();
        if (current.status === 'cancelled') return releaseCancelled(db, send.id, deps.now());
        if (current.status !== 'running' || current.generation !== lane.generation) return;
        if (stop === 'hand-over') break;
      }
      await enqueue(db, laneJob({ ...lane, seq: lane.seq + 1 }));
    },
  };
}

/** sent and failed from the deliveries themselves (the lanes' running counts may lag after a crash). */
export function recountSql(sendId: number) {
  return {
    sent: sql<number>`(select count(*)::int from ${mailingDeliveries} where send_id = ${sendId} and status = 'sent')`,
    failed: sql<number>`(select count(*)::int from ${mailingDeliveries} where send_id = ${sendId} and status = 'failed')`,
  };
}

/**
 * Nothing claimable right now. If nothing is left at all, the send is done (counts taken from the
 * deliveries); otherwise the lane comes back when the next retry is due or a dead holder's lease ends.
 */
async function settle(deps: LaneDeps, lane: LanePayload): Promise<void> {
  const { db } = deps;
  const [open] = rowsOf<{ n: number; next_run: Date | string | null; next_lock: Date | string | null }>(
    await db.execute(sql`select count(*)::int as n,
        min(run_at) filter (where status = 'queued') as next_run,
        min(locked_until) filter (where status = 'sending') as next_lock
      from ${mailingDeliveries} where send_id = ${lane.send_id} and status in ('queued', 'sending')`),
  );
  if (open.n === 0) {
    await db
      .update(mailingSends)
      .set({ status: 'done', finishedAt: deps.now(), ...recountSql(lane.send_id) })
      .where(and(eq(mailingSends.id, lane.send_id), eq(mailingSends.status, 'running'), eq(mailingSends.generation, lane.generation)));
    return;
  }
  const times = [open.next_run, open.next_lock].filter((t) => t !== null).map((t) => new Date(t!).getTime());
  await enqueue(db, laneJob({ ...lane, seq: lane.seq + 1 }, new Date(Math.min(...times))));
}

/** Claimed deliveries a lane will not send after all: back in the queue (attempt not counted), or cancelled. */
async function release(db: Db, deliveries: ClaimedDelivery[], status: 'queued' | 'cancelled'): Promise<void> {
  if (deliveries.length === 0) return;
  const ids = sql.join(
    deliveries.map((d) => sql`${d.id}`),
    sql`, `,
  );
  await db.execute(sql`update ${mailingDeliveries} set status = ${status}, locked_until = null, attempts = greatest(attempts - 1, 0)
    where id in (${ids}) and status = 'sending'`);
}

/** A cancelled send: rows a dead lane left `sending` are cancelled once their lease is over. */
async function releaseCancelled(db: Db, sendId: number, now: Date): Promise<void> {
  await db.execute(sql`update ${mailingDeliveries} set status = 'cancelled', locked_until = null
    where send_id = ${sendId} and status = 'sending' and locked_until < ${now}`);
}
