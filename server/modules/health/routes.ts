import { sql } from 'drizzle-orm';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client';
import type { JobWorker } from '../../jobs/worker';

const Jobs = Type.Object({
  /** Whether this instance works the queue (an instance may serve requests only). */
  worker: Type.Union([Type.Literal('running'), Type.Literal('stopped')]),
  /** Jobs due now and not yet taken: a number that keeps growing means mail is not going out. */
  due: Type.Integer(),
  failed: Type.Integer(),
  last_error: Type.Union([Type.String(), Type.Null()]),
});

const Health = Type.Object({
  status: Type.Literal('ok'),
  /** The database answered this check, in this many milliseconds. */
  database: Type.Object({ state: Type.Literal('up'), latency_ms: Type.Number() }),
  jobs: Jobs,
});

/** 503: the instance is up but its database is not (a load balancer takes it out of rotation). */
const Unavailable = Type.Object({
  status: Type.Literal('unavailable'),
  database: Type.Object({ state: Type.Literal('down'), error: Type.String() }),
});

/** `/api/health`: the database's state (it runs the check) and the job queue's. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db; jobs: JobWorker; now: () => Date }> = async (app, { db, jobs, now }) => {
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: Health, 503: Unavailable } } },
    async (request, reply) => {
      const started = performance.now();
      let counts: { due: number; failed: number };
      try {
        const result = await db.execute(sql`
          select count(*) filter (where status = 'queued' and run_at <= ${now()})::int as due,
                 count(*) filter (where status = 'failed')::int as failed
          from jobs where status in ('queued', 'failed')`);
        [counts] = (result as unknown as { rows: { due: number; failed: number }[] }).rows;
      } catch (error) {
        request.log.error({ err: error }, 'health: the database did not answer');
        return reply.status(503).send({ status: 'unavailable' as const, database: { state: 'down' as const, error: (error as Error).message } });
      }
      return {
        status: 'ok' as const,
        database: { state: 'up' as const, latency_ms: Math.round((performance.now() - started) * 10) / 10 },
        jobs: { worker: jobs.started ? ('running' as const) : ('stopped' as const), due: Number(counts.due), failed: Number(counts.failed), last_error: jobs.lastError },
      };
    },
  );
};
