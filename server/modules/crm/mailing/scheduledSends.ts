import { eq } from 'drizzle-orm';
import { mailingSends, type Job } from '../../../db/schema';
import { recordAudit } from '../../../audit/record';
import type { JobHandler } from '../../../jobs/worker';
import type { ModuleDeps } from '../../deps';
import { SCHEDULED_START_JOB } from './scheduledJob';
import { fillSend } from './sends';

/**
 * Starts a scheduled send when its job comes due: its recipients are taken now (who unsubscribed or
 * bounced since it was set is skipped), then its lanes work it as any send. Under the send's row
 * lock and only from `scheduled`: a cancelled send stays cancelled, and a second run (two
 * instances, a crash after the commit) finds it running and does nothing.
 */
export function scheduledStartHandler(deps: Pick<ModuleDeps, 'db' | 'now'>): JobHandler {
  return {
    kind: SCHEDULED_START_JOB,
    async run(job: Job) {
      const sendId = Number((job.payload as { send_id?: number }).send_id);
      await deps.db.transaction(async (tx) => {
        const [send] = await tx.select().from(mailingSends).where(eq(mailingSends.id, sendId)).for('update');
        if (!send || send.status !== 'scheduled') return;
        const now = deps.now();
        if (send.listId === null) {
          await tx.update(mailingSends).set({ status: 'cancelled', finishedAt: now }).where(eq(mailingSends.id, sendId));
          return;
        }
        await tx.update(mailingSends).set({ status: 'running', startedAt: now }).where(eq(mailingSends.id, sendId));
        const { total, skipped } = await fillSend(tx, sendId, send.listId, now);
        await recordAudit(tx, { userId: null, action: 'start_scheduled_mailing_send', entity: 'mailing_send', entityId: sendId, data: { total, skipped } });
      });
    },
  };
}
