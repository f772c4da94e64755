/**
 * Bounces read from a mailbox: the delivery-status notifications (RFC 3464) and abuse reports (ARF)
 * that mail servers send to the portal's return address, read over IMAP by a job that runs once
 * per BOUNCE_IMAP_POLL_SECONDS on the whole cluster, and applied through the same bounce service
 * as the webhooks (bounces.ts): same effects, same counts in a send's report, source `dsn`.
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import { ImapFlow, type MessageStructureObject } from 'imapflow';
import type { Db } from '../../../db/client';
import { jobs } from '../../../db/schema';
import type { JobHandler, Schedule } from '../../../jobs/worker';
import { recordBounce } from './bounces';
import type { AppLog, BounceMailbox } from '../../deps';
import { bounceTypeOf, deliveryStatusRecipients, feedbackReportOf, reasonOf, toAddressOf } from './deliveryReports';

export const BOUNCE_MAILBOX_JOB = 'bounce_mailbox_poll';
/** Messages read per poll: a flood of bounces is worked off over several polls, each one short. */
const BATCH = 200;
/** The poll's own finished rows are kept this long (one a minute would otherwise pile up in `jobs`). */
const KEEP_FINISHED_MS = 86_400_000;
/** A report part is a few hundred bytes a recipient; more than this is not read whole (a hostile message). */
const MAX_PART_BYTES = 256 * 1024;

/** What the poll writes to the log: the app's logger (pino), or a test's. */
export type PollLog = AppLog;

export interface PollSummary {
  /** Reports read and applied (marked \Seen). */
  processed: number;
  /** Bounces and complaints recorded (several recipients in one report count each). */
  recorded: number;
  /** Messages that are no report the portal reads: flagged, left unread, logged. */
  ignored: number;
}

/** Once per period of `pollSeconds` on the whole cluster: the period's number is the job's key. */
export function bounceMailboxSchedule(mailbox: Pick<BounceMailbox, 'pollSeconds'>): Schedule {
  return { kind: BOUNCE_MAILBOX_JOB, keyAt: (now) => String(Math.floor(now.getTime() / (mailbox.pollSeconds * 1000))) };
}

type Report =
  | { kind: 'dsn'; statusPart: string }
  | { kind: 'arf'; feedbackPart: string; headersPart: string | null; originalTo: string | null };

const partsOf = (node: MessageStructureObject): MessageStructureObject[] => node.childNodes ?? [];

/**
 * Which kind of report a message is, from its structure alone (no body is read for a message that
 * is none): a `multipart/report` whose report-type is delivery-status with its status part, or
 * feedback-report with its report part and the reported message (its envelope, or its headers).
 */
function reportOf(structure: MessageStructureObject | undefined): Report | null {
  if (!structure || structure.type.toLowerCase() !== 'multipart/report') return null;
  const reportType = (structure.parameters?.['report-type'] ?? '').toLowerCase();
  const children = partsOf(structure);
  const find = (...types: string[]) => children.find((child) => types.includes(child.type.toLowerCase()));
  if (reportType === 'delivery-status') {
    const status = find('message/delivery-status', 'message/global-delivery-status');
    return status?.part ? { kind: 'dsn', statusPart: status.part } : null;
  }
  if (reportType === 'feedback-report') {
    const feedback = find('message/feedback-report');
    if (!feedback?.part) return null;
    const original = find('message/rfc822');
    const headers = find('text/rfc822-headers');
    return { kind: 'arf', feedbackPart: feedback.part, headersPart: headers?.part ?? null, originalTo: original?.envelope?.to?.[0]?.address ?? null };
  }
  return null;
}

interface PollDeps {
  db: Db;
  mailbox: BounceMailbox;
  log: PollLog;
}

/**
 * Reads the unread, unflagged messages of the mailbox once: each report's bounces are recorded and
 * the message marked \Seen, so it is read once; a message that is no report is flagged (left unread
 * for a person to look at) and logged. The bounce's signature is the report's Message-ID and the
 * address, so a report read again (an instance stopped between recording and marking it) counts
 * once. A server that cannot be reached or refuses the login throws: the job is retried.
 */
export async function pollBounceMailbox(deps: PollDeps, now: Date): Promise<PollSummary> {
  const { mailbox, log } = deps;
  const client = new ImapFlow({
    host: mailbox.host,
    port: mailbox.port,
    secure: mailbox.secure,
    auth: { user: mailbox.user, pass: mailbox.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: 30_000,
    greetingTimeout: 15_000,
    socketTimeout: 120_000,
  });
  // Without a listener a dropped connection's 'error' event would end the process.
  client.on('error', (error: Error) => log.warn({ err: error, host: mailbox.host }, 'bounce mailbox: connection error'));
  const summary: PollSummary = { processed: 0, recorded: 0, ignored: 0 };
  await client.connect();
  try {
    const lock = await client.getMailboxLock(mailbox.mailbox);
    try {
      const uids = (await client.search({ seen: false, flagged: false }, { uid: true })) || [];
      if (uids.length === 0) return summary;
      // Fetched whole before any other command: imapflow runs one command at a time.
      const messages = await client.fetchAll(uids.slice(0, BATCH).join(','), { uid: true, envelope: true, bodyStructure: true }, { uid: true });
      const uidValidity = String(client.mailbox ? client.mailbox.uidValidity : '');
      for (const message of messages) {
        const report = reportOf(message.bodyStructure);
        // No subject or sender in the log: an autoresponse's are a member's own words and address.
        const about = { uid: message.uid, message_id: message.envelope?.messageId ?? null };
        const applied = report ? await applyReport(client, deps, report, message.uid, message.envelope?.messageId || `${uidValidity}:${message.uid}`, now) : null;
        if (applied === null) {
          await client.messageFlagsAdd(String(message.uid), ['\\Flagged'], { uid: true });
          log.warn(about, 'bounce mailbox: not a delivery-status or feedback report; flagged and left unread');
          summary.ignored++;
          continue;
        }
        await client.messageFlagsAdd(String(message.uid), ['\\Seen'], { uid: true });
        log.info({ ...about, recorded: applied }, 'bounce mailbox: report read');
        summary.processed++;
        summary.recorded += applied;
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return summary;
}

/** Records a report's bounces or complaint; answers how many, or null when it cannot be read. */
async function applyReport(client: ImapFlow, deps: PollDeps, report: Report, uid: number, reportId: string, now: Date): Promise<number | null> {
  const wanted = report.kind === 'dsn' ? [report.statusPart] : [report.feedbackPart, ...(report.headersPart && !report.originalTo ? [report.headersPart] : [])];
  const parts = await client.downloadMany(String(uid), wanted, { uid: true, maxBytes: MAX_PART_BYTES });
  const text = (part: string) => parts[part]?.content?.toString('utf8') ?? '';
  let recorded = 0;
  if (report.kind === 'dsn') {
    const recipients = deliveryStatusRecipients(text(report.statusPart));
    if (recipients.length === 0) return null;
    for (const recipient of recipients) {
      const type = bounceTypeOf(recipient);
      if (!type) continue;
      const outcome = await recordBounce(deps.db, { email: recipient.email, type, reason: reasonOf(recipient), source: 'dsn', signature: `dsn:${reportId}:${recipient.email.toLowerCase()}` }, now);
      if (!outcome.duplicate) recorded++;
    }
    return recorded;
  }
  const feedback = feedbackReportOf(text(report.feedbackPart));
  const email = feedback.recipient ?? report.originalTo ?? (report.headersPart ? toAddressOf(text(report.headersPart)) : null);
  if (!feedback.feedbackType || !email) return null;
  // Only an abuse report is the recipient calling the mail spam; fraud, virus and the like are not about them.
  if (feedback.feedbackType !== 'abuse') return 0;
  const outcome = await recordBounce(deps.db, { email, type: 'complaint', reason: 'Abuse report (ARF)', source: 'dsn', signature: `arf:${reportId}:${email.toLowerCase()}` }, now);
  return outcome.duplicate ? 0 : 1;
}

/**
 * The poll as a job. A retry that finds its period over does nothing: the next period's poll,
 * already queued, does the same work, so a mailbox that stays down costs one try per period plus
 * a few quick retries, not a growing pile of them.
 */
export function bounceMailboxHandler(deps: { db: Db; bounceMailbox: BounceMailbox | null; log: PollLog }): JobHandler {
  const schedule = deps.bounceMailbox ? bounceMailboxSchedule(deps.bounceMailbox) : null;
  return {
    kind: BOUNCE_MAILBOX_JOB,
    async run(job, now) {
      const mailbox = deps.bounceMailbox;
      if (!mailbox || !schedule) return;
      if (job.attempts > 1 && job.dedupeKey !== `${BOUNCE_MAILBOX_JOB}:${schedule.keyAt(now)}`) return;
      try {
        await pollBounceMailbox({ db: deps.db, mailbox, log: deps.log }, now);
      } catch (error) {
        deps.log.warn({ err: error, host: mailbox.host, attempt: job.attempts }, 'bounce mailbox: poll failed; it is tried again');
        throw error;
      }
      await deps.db
        .delete(jobs)
        .where(and(eq(jobs.kind, BOUNCE_MAILBOX_JOB), inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, new Date(now.getTime() - KEEP_FINISHED_MS))));
    },
  };
}
