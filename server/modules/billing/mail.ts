import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { billingDocuments, clients, statementRuns } from '../../db/schema';
import { enqueue, enqueueMany } from '../../jobs/queue';
import { rowsOf } from '../../db/rows';
import type { JobHandler, Schedule } from '../../jobs/worker';
import type { Mailer } from '../../mail/mailer';
import { messageIdOf } from '../../mail/queue';
import type { CurrentUser } from '../../auth/roles';
import { addDays, businessDay } from '../../../shared/billing/accounts';
import { date, documentTitles, fill, labelsFor, money, pdfLocale, titleIn } from './pdf/format';

export const DOCUMENT_MAIL_JOB = 'billing_document_mail';
export const STATEMENT_MAIL_JOB = 'billing_statement_mail';
export const STATEMENT_RUN_JOB = 'billing_statement_run';

/** The system acting for the jobs: it sees every client's documents, as an admin does. */
const system: CurrentUser = { id: 0, name: 'billing jobs', email: '', role: 'admin', roleId: 0, clientId: null, tokenVersion: 0 };

/**
 * Queues the mail of an issued document in its transaction. The PDF is rendered when the mail is
 * sent (the document never changes, so it renders the same), not stored in the queue.
 */
export async function queueDocumentMail(tx: Tx, documentId: number, to: string): Promise<void> {
  await enqueue(tx, { kind: DOCUMENT_MAIL_JOB, payload: { document_id: documentId, to }, dedupeKey: `billing-document-mail:${documentId}`, ref: `billing_document:${documentId}` });
}

export function documentMailHandler(deps: { db: Db; mailer: Mailer; publicUrl: string }): JobHandler {
  return {
    kind: DOCUMENT_MAIL_JOB,
    async run(job, now) {
      const { document_id: id, to } = job.payload as { document_id: number; to: string };
      const [document] = await deps.db.select().from(billingDocuments).where(eq(billingDocuments.id, id));
      if (!document) return;
      const { documentPdf } = await import('./pdfData');
      // The mail speaks the document's language (the client's when it was issued), as its PDF does.
      const locale = pdfLocale(document.locale);
      const { pdf, filename } = await documentPdf(deps.db, system, id, [document.type], locale, now);
      const labels = labelsFor(locale);
      const title = documentTitles[document.type];
      const lines = [
        fill(labels.mail_document_intro, { document: labels[title], number: document.number, recipient: document.recipient.name }),
        fill(labels.mail_document_total, { total: money(document.total), vat: money(document.vat) }),
        ...(document.type === 'invoice' ? [fill(labels.mail_document_due, { date: date(document.dueDate, locale, 'prose') })] : []),
        '',
        fill(labels.mail_document_attached, { url: `${deps.publicUrl}/` }),
      ];
      await deps.mailer.send({
        to,
        subject: `${titleIn(title, locale)} ${document.number} — ${document.supplier.name || 'Members Portal'}`,
        text: lines.join('\n'),
        messageId: messageIdOf(job.id, deps.mailer.from),
        attachments: [{ filename, contentType: 'application/pdf', content: pdf }],
      });
    },
  };
}

/** The monthly statement run: on the 1st (South African time), once per month on the whole cluster. */
export const statementSchedule: Schedule = { kind: STATEMENT_RUN_JOB, keyAt: (now) => businessDay(now).slice(0, 7) };

/**
 * The run mails last month's statements in the first days of a month only: on the 1st, or the
 * next two days when no instance ran on the 1st. A portal first started mid-month (or a month's
 * key claimed late) mails nothing until the next 1st.
 */
export const STATEMENT_RUN_LAST_DAY = 3;
export const isStatementRunDay = (now: Date) => Number(businessDay(now).slice(8, 10)) <= STATEMENT_RUN_LAST_DAY;

/** The month before the one `now` is in, as its first and last day. */
export function previousMonth(now: Date): { month: string; from: string; to: string } {
  const firstOfThis = `${businessDay(now).slice(0, 7)}-01`;
  const to = addDays(firstOfThis, -1);
  return { month: to.slice(0, 7), from: `${to.slice(0, 7)}-01`, to };
}

/**
 * Queues last month's statement for every client with an email and anything to say (a balance,
 * or documents or payments in the month). `statement_runs` holds one row per client and month:
 * a second run, or a second instance, queues nobody twice.
 */
export async function runStatements(db: Db, now: Date): Promise<number> {
  const { month, from, to } = previousMonth(now);
  return db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      insert into ${statementRuns} (client_id, month)
      select c.id, ${month} from ${clients} c
      where c.archived_at is null and c.email <> '' and (
        exists (select 1 from invoice_balances b where b.client_id = c.id and b.open <> 0)
        or exists (select 1 from billing_documents d where d.client_id = c.id and d.issue_date between ${from} and ${to})
        or exists (select 1 from payments p where p.client_id = c.id and p.status = 'confirmed' and (p.unallocated > 0 or p.paid_at between ${from} and ${to})))
      on conflict do nothing
      returning client_id`);
    const ids = rowsOf<{ client_id: number }>(claimed);
    // One statement per thousand clients (a bound on its parameters), not one per client.
    const mails = ids.map(({ client_id: clientId }) => ({
      kind: STATEMENT_MAIL_JOB,
      payload: { client_id: clientId, from, to },
      dedupeKey: `billing-statement:${clientId}:${month}`,
      ref: `client:${clientId}`,
    }));
    for (let start = 0; start < mails.length; start += 1000) await enqueueMany(tx, mails.slice(start, start + 1000));
    return ids.length;
  });
}

export function statementRunHandler(deps: { db: Db }): JobHandler {
  return {
    kind: STATEMENT_RUN_JOB,
    async run(_job, now) {
      if (isStatementRunDay(now)) await runStatements(deps.db, now);
    },
  };
}

export function statementMailHandler(deps: { db: Db; mailer: Mailer }): JobHandler {
  return {
    kind: STATEMENT_MAIL_JOB,
    async run(job) {
      const { client_id: clientId, from, to } = job.payload as { client_id: number; from: string; to: string };
      const [client] = await deps.db.select({ email: clients.email, name: clients.name, locale: clients.locale }).from(clients).where(and(eq(clients.id, clientId)));
      if (!client?.email) return;
      // The client's language (English when it has none), for the mail and the PDF in it.
      const locale = pdfLocale(client.locale);
      const { statementPdf } = await import('./pdfData');
      const { pdf, filename } = await statementPdf(deps.db, system, clientId, { from, to }, locale);
      const labels = labelsFor(locale);
      const period = { from: date(from, locale, 'prose'), to: date(to, locale, 'prose') };
      await deps.mailer.send({
        to: client.email,
        subject: fill(labels.mail_statement_subject, period),
        text: `${fill(labels.mail_greeting, { name: client.name })}\n\n${fill(labels.mail_statement_attached, period)}`,
        messageId: messageIdOf(job.id, deps.mailer.from),
        attachments: [{ filename, contentType: 'application/pdf', content: pdf }],
      });
    },
  };
}
