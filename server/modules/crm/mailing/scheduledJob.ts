import type { NewJob } from '../../../jobs/queue';

export const SCHEDULED_START_JOB = 'mailing_send_start';

/**
 * The job that starts a scheduled send at its time. One per send ever (the dedupe key), claimed by
 * one worker of the cluster (FOR UPDATE SKIP LOCKED); the handler starts the send only while it is
 * still `scheduled`, under the send's row lock, so a repeat after a crash starts nothing twice.
 */
export function scheduledStartJob(sendId: number, runAt: Date): NewJob & { dedupeKey: string } {
  return { kind: SCHEDULED_START_JOB, payload: { send_id: sendId }, runAt, dedupeKey: `mailing_send_start:${sendId}`, ref: `mailing_send:${sendId}` };
}
