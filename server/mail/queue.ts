import type { Db, Tx } from '../db/client';
import type { Job } from '../db/schema';
import { enqueue } from '../jobs/queue';
import type { JobHandler } from '../jobs/worker';
import type { MailMessage, Mailer } from './mailer';

export const MAIL_JOB = 'mail';

export interface QueueMailOptions {
  /** What the mail is about, for the mail queue screen (`order:12`, `client:4`). */
  ref?: string;
  /** The mail goes at most once per key (a reminder 30 days before an expiry). */
  dedupeKey?: string;
}

/**
 * Queues a message in the transaction of the change that causes it (the outbox pattern): the mail
 * exists exactly when the change does, and a mail server that is down delays it, never loses it.
 * The job worker delivers it with retries (mailJobHandler).
 */
export async function queueMail(tx: Db | Tx, message: MailMessage, options: QueueMailOptions = {}): Promise<number | null> {
  return enqueue(tx, { kind: MAIL_JOB, payload: { ...message }, ref: options.ref, dedupeKey: options.dedupeKey });
}

/** The Message-ID of a queued mail: derived from its job, so a repeat after a crash carries the same one. */
export function messageIdOf(jobId: number, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<mail-${jobId}@${domain}>`;
}

/** Delivers queued mail through the portal's mailer (SMTP, or the outbox table without one). */
export function mailJobHandler(mailer: Mailer, from: string): JobHandler {
  return {
    kind: MAIL_JOB,
    async run(job: Job) {
      const message = job.payload as unknown as MailMessage;
      await mailer.send({ ...message, messageId: message.messageId ?? messageIdOf(job.id, from) });
    },
  };
}
