import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../server/db/schema';
import { enqueue, enqueueMany } from '../../server/jobs/queue';
import { JobWorker, PermanentJobError, type JobHandler } from '../../server/jobs/worker';
import { useTestApp } from './support/app';
import { HOUR } from './support/clock';

const t = useTestApp({ seedDemo: false });

let kindCounter = 0;
/** A kind of job of this test alone, so tests never claim each other's rows. */
const newKind = () => `test-${++kindCounter}-${Date.now().toString(36)}`;

function worker(handlers: JobHandler[], options: Partial<ConstructorParameters<typeof JobWorker>[0]> = {}) {
  return new JobWorker({ db: t.db, handlers, now: t.clock.now, pollMs: 10, ...options });
}

const rowsOf = (kind: string) => t.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.id);

describe('the jobs queue', () => {
  it('a job queued in a transaction that rolls back never exists, so it never runs', async () => {
    const kind = newKind();
    await expect(
      t.db.transaction(async (tx) => {
        await enqueue(tx, { kind, payload: { n: 1 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsOf(kind)).toHaveLength(0);
  });

  it('two workers draining one table run every job exactly once', async () => {
    const kind = newKind();
    await enqueueMany(t.db, Array.from({ length: 60 }, (_, n) => ({ kind, payload: { n } })));
    const runs = new Map<number, number>();
    const handler: JobHandler = {
      kind,
      async run(job) {
        const n = job.payload.n as number;
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    };
    const [a, b] = [worker([handler], { batchSize: 7 }), worker([handler], { batchSize: 5 })];
    await Promise.all([a.drain(), b.drain()]);
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const rows = await rowsOf(kind);
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1 && row.finishedAt)).toBe(true);
    // Both workers took a share.
    expect(new Set(rows.map((row) => row.lockedBy)).size).toBe(2);
  });

  it('a failing job waits with growing backoff, then fails for good after its attempts, keeping the error', async () => {
    const kind = newKind();
    const id = (await enqueue(t.db, { kind, maxAttempts: 3 }))!;
    let calls = 0;
    const w = worker([
      {
        kind,
        async run() {
          calls++;
          throw new Error(`SMTP said no (${calls})`);
        },
      },
    ]);
    await w.drain();
    let [row] = await rowsOf(kind);
    expect(row).toMatchObject({ id, status: 'queued', attempts: 1, lastError: 'SMTP said no (1)' });
    const firstWait = row.runAt.getTime() - t.clock.now().getTime();
    expect(firstWait).toBeGreaterThan(3_000);
    // Not due yet: a drain leaves it alone.
    await w.drain();
    expect(calls).toBe(1);

    t.clock.advance(HOUR);
    await w.drain();
    [row] = await rowsOf(kind);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, lastError: 'SMTP said no (2)' });
    expect(row.runAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(firstWait);

    t.clock.advance(HOUR);
    await w.drain();
    [row] = await rowsOf(kind);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'SMTP said no (3)' });
    t.clock.advance(24 * HOUR);
    await w.drain();
    expect(calls).toBe(3);
  });

  it('a PermanentJobError fails the job at once', async () => {
    const kind = newKind();
    await enqueue(t.db, { kind });
    await worker([{ kind, run: async () => Promise.reject(new PermanentJobError('mailbox does not exist')) }]).drain();
    const [row] = await rowsOf(kind);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'mailbox does not exist' });
  });

  it('the job of a worker that died is claimed again once its lease ran out, and not before', async () => {
    const kind = newKind();
    const id = (await enqueue(t.db, { kind }))!;
    // What a worker killed mid-job leaves behind: running, leased to it.
    await t.db
      .update(jobs)
      .set({ status: 'running', lockedBy: 'dead-worker', attempts: 1, lockedUntil: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(jobs.id, id));
    const ran: number[] = [];
    const w = worker([{ kind, run: async (job) => void ran.push(job.id) }]);
    await w.drain();
    expect(ran).toEqual([]);
    t.clock.advance(61_000);
    await w.drain();
    expect(ran).toEqual([id]);
    const [row] = await rowsOf(kind);
    expect(row).toMatchObject({ status: 'done', attempts: 2, lockedBy: w.id });
  });

  it('a dedupe key makes one job however often it is queued', async () => {
    const kind = newKind();
    const first = await enqueue(t.db, { kind, dedupeKey: `${kind}:once` });
    const second = await enqueue(t.db, { kind, dedupeKey: `${kind}:once` });
    expect(first).toBeTypeOf('number');
    expect(second).toBeNull();
    expect(await rowsOf(kind)).toHaveLength(1);
  });

  it('a schedule runs once per period however many workers there are', async () => {
    const kind = newKind();
    const runs: string[] = [];
    const handler: JobHandler = { kind, run: async (_job, now) => void runs.push(now.toISOString().slice(0, 10)) };
    const schedule = { kind, keyAt: (now: Date) => now.toISOString().slice(0, 10) };
    const workers = [worker([handler], { schedules: [schedule] }), worker([handler], { schedules: [schedule] })];
    await Promise.all(workers.map((w) => w.drain()));
    await Promise.all(workers.map((w) => w.drain()));
    expect(runs).toHaveLength(1);
    t.clock.advance(24 * HOUR);
    await Promise.all(workers.map((w) => w.drain()));
    expect(runs).toHaveLength(2);
    expect(new Set(runs).size).toBe(2);
  });

  it('a started worker picks up a job on wake() and stop() waits for the job in flight', async () => {
    const kind = newKind();
    let release!: () => void;
    const started: number[] = [];
    const finished: number[] = [];
    const w = worker([
      {
        kind,
        async run(job) {
          started.push(job.id);
          await new Promise<void>((resolve) => (release = resolve));
          finished.push(job.id);
        },
      },
    ], { pollMs: 60_000 });
    w.start();
    try {
      // Let the first (empty) round finish so the next look comes from wake(), not the start.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const id = (await enqueue(t.db, { kind }))!;
      w.wake();
      await expect.poll(() => started, { timeout: 5_000 }).toEqual([id]);
      const stopping = w.stop();
      expect(finished).toEqual([]);
      release();
      await stopping;
      expect(finished).toEqual([id]);
      const [row] = await t.db.select().from(jobs).where(inArray(jobs.id, [id]));
      expect(row.status).toBe('done');
    } finally {
      await w.stop();
    }
  });
});
