import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * What a new order of orders/create leaves until after its commit (migration 0028): its count in
 * the daily stats, its change counters and its live event. Each of those is a row or a lock every
 * other order needs too (the day's stats row, the `orders` counter, NOTIFY's cluster-wide commit
 * lock), held until the commit is flushed to disk; in the create's own transaction they made
 * concurrent creates commit one WAL flush after another. Announced here instead: the orders
 * committed meanwhile go together, in one transaction (one flush for all of them), and the create
 * answers once its order is announced, so whoever made it reads its stats, validators and event
 * as before.
 */
class Announcer {
  private waiting: number[] = [];
  private next: Promise<void> | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /** Resolves once `orderId` is announced (by this batch or, had it been taken already, by another's). */
  announce(orderId: number): Promise<void> {
    this.waiting.push(orderId);
    this.next ??= this.afterRunning();
    return this.next;
  }

  /** One batch at a time: the orders that arrive while one runs go in the next. */
  private async afterRunning(): Promise<void> {
    await this.running?.catch(() => undefined);
    const batch = this.waiting;
    this.waiting = [];
    this.next = null;
    this.running = announceOrders(this.db, batch).then(() => undefined);
    return this.running;
  }
}

const announcers = new WeakMap<Db, Announcer>();

/** Announces a committed order, batched with the others of this database handle. */
export function announceOrder(db: Db, orderId: number): Promise<void> {
  let announcer = announcers.get(db);
  if (!announcer) {
    announcer = new Announcer(db);
    announcers.set(db, announcer);
  }
  return announcer.announce(orderId);
}

/** Announces these orders in one transaction; an order already announced (by a sweep) is skipped. */
export async function announceOrders(db: Db, orderIds: readonly number[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const ids = `{${orderIds.map((id) => Math.trunc(id)).join(',')}}`;
  const [row] = rowsOf<{ announced: number }>(await db.execute(sql`select portal_announce_orders(${ids}::int[]) as announced`));
  return Number(row.announced);
}

/**
 * Announces what an instance committed and did not announce (it stopped in between, or the
 * announcement failed): every announcement older than `olderThanMs`, the newer ones being still
 * on their way. Answers how many.
 */
export async function announceLeftovers(db: Db, olderThanMs = 5_000): Promise<number> {
  const [row] = rowsOf<{ announced: number }>(
    await db.execute(sql`select portal_announce_orders(array(
      select order_id from order_announcements where created_at < now() - make_interval(secs => ${olderThanMs / 1000}) order by order_id limit 1000
    )) as announced`),
  );
  return Number(row.announced);
}

/** How often an instance looks for announcements left behind (by itself or an instance that stopped). */
export const SWEEP_MS = 5_000;

/**
 * Sweeps for leftover announcements from the app's start to its close. The sweep at the start takes
 * every one, whatever its age, before the instance answers: an instance that was killed left its
 * last orders' announcements, and a restart that answered (or stopped again) before its first
 * timed sweep left the stats without them (seen in the crash test on PostgreSQL, which restarts in
 * under the 5 s). Taking another live instance's announcement in flight is harmless: each is
 * announced once (portal_announce_orders deletes what it announces), the other finds it done.
 */
export function sweepAnnouncements(app: FastifyInstance, db: Db, log: (error: unknown) => void): void {
  let timer: NodeJS.Timeout | null = null;
  const sweep = () => announceLeftovers(db).catch(log);
  app.addHook('onReady', async () => {
    await announceLeftovers(db, 0).catch(log);
    timer = setInterval(sweep, SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
