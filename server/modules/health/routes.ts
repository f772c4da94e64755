import { sql } from 'drizzle-orm';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client';
import type { JobWorker } from '../../jobs/worker';

const Health = Type.Object({
  status: Type.Literal('ok'),
  jobs: Type.Object({
    /** Whether this instance works the queue (an instance may serve requests only). */
    worker: Type.Union([Type.Literal('running'), Type.Literal('stopped')]),
    /** Jobs due now and not yet taken: a number that keeps growing means mail is not going out. */
    due: Type.Integer(),
    failed: Type.Integer(),
    last_error: Type.Union([Type.String(), Type.Null()]),
  }),
});

/** `/api/health`: answers once the database does, with the state of the job queue. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ db: Db; jobs: JobWorker; now: () => Date }> = async (app, { db, jobs, now }) => {
  app.get('/api/health', { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: Health } } }, async () => {
    const result = await db.execute(sql`
      select count(*) filter (where status = 'queued' and run_at <= ${now()})::int as due,
             count(*) filter (where status = 'failed')::int as failed
      from jobs where status in ('queued', 'failed')`);
    const [counts] = (result as unknown as { rows: { due: number; failed: number }[] }).rows;
    return {
      status: 'ok' as const,
      jobs: { worker: jobs.started ? ('running' as const) : ('stopped' as const), due: Number(counts.due), failed: Number(counts.failed), last_error: jobs.lastError },
    };
  });
};
