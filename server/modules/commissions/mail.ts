import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { enqueue } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import type { Mailer } from '../../mail/mailer';
import { messageIdOf } from '../../mail/queue';
import type { CurrentUser } from '../../auth/roles';
import { fill, money } from '../billing/pdf/format';

export const COMMISSION_MAIL_JOB = 'commission_statement_mail';

/** The system acting for the job: it reads any rep's statement, as an admin does. */
const system: CurrentUser = { id: 0, name: 'commission jobs', email: '', role: 'admin', roleId: 0, clientId: null, tokenVersion: 0 };

/**
 * Queues the mail of a closed month's statement in the closing transaction. The PDF is drawn when
 * the mail goes (a closed statement never changes, so it draws the same), not stored in the queue.
 */
export async function queueStatementMail(tx: Tx, repId: number, month: string, to: string): Promise<void> {
  await enqueue(tx, { kind: COMMISSION_MAIL_JOB, payload: { rep_id: repId, month, to }, dedupeKey: `commission-statement-mail:${repId}:${month}`, ref: `user:${repId}` });
}

export function commissionMailHandler(deps: { db: Db; mailer: Mailer }): JobHandler {
  return {
    kind: COMMISSION_MAIL_JOB,
    async run(job) {
      const { rep_id: repId, month, to } = job.payload as { rep_id: number; month: string; to: string };
      const [rep] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, repId));
      if (!rep) return;
      const { statement } = await import('./statements');
      const { commissionLabels, monthPeriod, repLocale, statementPdf } = await import('./pdf');
      const found = await statement(deps.db, system, repId, month);
      const locale = await repLocale(deps.db, repId);
      const { pdf, filename } = await statementPdf(deps.db, found, locale);
      const words = commissionLabels[locale];
      const period = monthPeriod(month, locale);
      await deps.mailer.send({
        to,
        subject: fill(words.mail_subject, { month: period }),
        text: fill(words.mail_body, { month: period, commission: money(found.commission) }),
        messageId: messageIdOf(job.id, deps.mailer.from),
        attachments: [{ filename, contentType: 'application/pdf', content: pdf }],
      });
    },
  };
}
