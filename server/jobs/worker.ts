import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type Job, jobs } from '../db/schema';
import { enqueue } from './queue';

/** A handler's way to say "retrying cannot help" (an address the server refuses for good). */
export class PermanentJobError extends Error {}

export interface JobHandler {
  kind: string;
  /** Resolves when the work is done; a throw schedules a retry with backoff (or fails a PermanentJobError). */
  run(job: Job, now: Date): Promise<void>;
}

/** Work that must happen once per period on the whole cluster (a daily renewal run). */
export interface Schedule {
  kind: string;
  /** The period's key, e.g. the date: one job per key ever, whichever instance gets there first. */
  keyAt(now: Date): string;
  /** Not before this moment within the period (default: as soon as the key changes). */
  runAt?(now: Date): Date;
}

export interface WorkerOptions {
  db: Db;
  handlers: JobHandler[];
  schedules?: Schedule[];
  now: () => Date;
  /** How often an idle worker looks for due jobs (ms). */
  pollMs?: number;
  /** Jobs claimed per round, run concurrently. */
  batchSize?: number;
  /** How long a claimed job belongs to this worker before another may take it over (ms). */
  leaseMs?: number;
}

/** Retry n waits 5 s × 2^(n-1), at most an hour, with ±20 % jitter so failures do not come back in step. */
export function backoffMs(attempts: number): number {
  const base = Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * Claims due jobs from the jobs table and runs them. Any number of workers (in one process or on
 * several instances) share the table: a claim is `FOR UPDATE SKIP LOCKED`, so two workers never
 * take the same row, and it sets a lease, so the jobs of a worker that died are taken again once
 * the lease runs out. A job is marked done in its own statement right after it ran: a crash
 * between the two repeats at most the jobs that were in flight.
 */
export class JobWorker {
  readonly id = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly handlers: Map<string, JobHandler>;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private round: Promise<number> | null = null;
  private wakeRequested = false;
  private lastScheduleKeys = new Map<string, string>();
  /** The last round's error, for /api/health and logs. */
  lastError: string | null = null;

  constructor(private readonly options: WorkerOptions) {
    this.handlers = new Map(options.handlers.map((h) => [h.kind, h]));
    this.pollMs = options.pollMs ?? 500;
    this.batchSize = options.batchSize ?? 20;
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  get started(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stops claiming; resolves when the jobs in flight are finished. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round?.catch(() => 0);
  }

  /** Something was just queued: look now instead of at the next poll. */
  wake(): void {
    if (!this.running) return;
    if (this.round) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  /**
   * Runs rounds until no job is due (tests, and the CLI). Jobs scheduled for later are left; with
   * `untilEmpty`, a job that keeps failing would loop, so rounds stop at `maxRounds`.
   */
  async drain(maxRounds = 1000): Promise<void> {
    for (let i = 0; i < maxRounds; i++) {
      if (this.round) await this.round.catch(() => 0);
      const done = await this.runRound();
      if (done === 0) return;
    }
  }

  private schedule(delay: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), delay);
  }

  private async loop(): Promise<void> {
    this.timer = null;
    if (!this.running || this.round) return;
    let claimed = 0;
    try {
      claimed = await this.runRound();
      this.lastError = null;
    } catch (error) {
      this.lastError = error instanceof Error ? error.message : String(error);
    }
    const again = claimed >= this.batchSize || this.wakeRequested;
    this.wakeRequested = false;
    this.schedule(again ? 0 : this.pollMs);
  }

  /** One round: due schedules enqueued, up to batchSize jobs claimed and run. Answers how many ran. */
  private runRound(): Promise<number> {
    const round = (async () => {
      const now = this.options.now();
      await this.enqueueSchedules(now);
      const claimed = await this.claim(now);
      await Promise.all(claimed.map((job) => this.runOne(job)));
      return claimed.length;
    })();
    this.round = round;
    return round.finally(() => {
      if (this.round === round) this.round = null;
    });
  }

  private async enqueueSchedules(now: Date): Promise<void> {
    for (const schedule of this.options.schedules ?? []) {
      const key = `${schedule.kind}:${schedule.keyAt(now)}`;
      if (this.lastScheduleKeys.get(schedule.kind) === key) continue;
      await enqueue(this.options.db, { kind: schedule.kind, dedupeKey: key, runAt: schedule.runAt?.(now) ?? now, ref: 'schedule' });
      this.lastScheduleKeys.set(schedule.kind, key);
    }
  }

  private async claim(now: Date): Promise<Job[]> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return [];
    const leaseEnd = new Date(now.getTime() + this.leaseMs);
    const result = await this.options.db.execute(sql`
      update ${jobs} set status = 'running', locked_by = ${this.id}, locked_until = ${leaseEnd}, attempts = attempts + 1
      where id in (
        select id from ${jobs}
        where kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})
          and ((status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_until < ${now}))
        order by run_at, id
        limit ${this.batchSize}
        for update skip locked
      )
      returning id`);
    const ids = (result as unknown as { rows: { id: number | string }[] }).rows.map((r) => Number(r.id));
    if (ids.length === 0) return [];
    return this.options.db.query.jobs.findMany({ where: (j, { inArray }) => inArray(j.id, ids), orderBy: (j, { asc }) => [asc(j.runAt), asc(j.id)] });
  }

  private async runOne(job: Job): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    const now = this.options.now();
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.id), eq(jobs.status, 'running'));
    try {
      await handler.run(job, now);
      await this.options.db.update(jobs).set({ status: 'done', finishedAt: this.options.now(), lockedUntil: null, lastError: null }).where(mine);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      await this.options.db
        .update(jobs)
        .set(
          final
            ? { status: 'failed', finishedAt: this.options.now(), lockedUntil: null, lastError: message }
            : { status: 'queued', runAt: new Date(now.getTime() + backoffMs(job.attempts)), lockedUntil: null, lastError: message },
        )
        .where(mine);
    }
  }
}
