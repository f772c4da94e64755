import { eq, inArray } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailDeliverability, jobs, mailBounces } from '../../server/db/schema';
import { enqueue } from '../../server/jobs/queue';
import { JobWorker } from '../../server/jobs/worker';
import { smtpMailer } from '../../server/mail/mailer';
import { BOUNCE_MAILBOX_JOB, type PollLog, bounceMailboxHandler } from '../../server/modules/crm/mailing/bounceMailbox';
import { bounceMailboxFromUrl } from '../../server/modules/crm/mailing/bounceMailboxSettings';
import { type TestApp, createTestApp } from './support/app';
import { type TestImap, startDovecot } from './support/dovecot';
import { listOf } from './support/mailing';
import { abuseReport, outOfOffice, postfixBounce, postfixDelay, refusedBySmtp } from './support/reports';
import { type TestSmtp, closedPort, startSmtp } from './support/smtp';

/**
 * Delivery-status notifications (RFC 3464) and abuse reports read from a real IMAP
 * mailbox (Debian's dovecot, started for this file) by the poll job, through the bounce service:
 * a bounce for mail the portal really sent (through a real SMTP server) makes the address
 * undeliverable, and the next send, through the same server, skips it.
 */
const FROM = 'Members Portal <no-reply@portal.test>';
const POLL_SECONDS = 60;
let smtp: TestSmtp;
let imap: TestImap;
let t: TestApp;

beforeAll(async () => {
  [smtp, imap] = await Promise.all([startSmtp(), startDovecot()]);
  t = await createTestApp({ mailer: () => smtpMailer(`smtp://127.0.0.1:${smtp.port}`, FROM), bounceMailbox: bounceMailboxFromUrl(imap.url, POLL_SECONDS) });
});

afterAll(async () => {
  await t?.close();
  await Promise.all([smtp?.close(), imap?.close()]);
});

/** The test's own IMAP session: what the mail servers deliver into the mailbox, and its flags. */
async function withMailbox<T>(work: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow({ host: imap.host, port: imap.port, secure: false, auth: { user: imap.user, pass: imap.password }, logger: false });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout();
  }
}

const deliver = (...messages: string[]) =>
  withMailbox(async (client) => {
    for (const message of messages) await client.append('INBOX', message);
  });

/** Flags of the mailbox's messages, by subject. */
const flagsBySubject = () =>
  withMailbox(async (client) => {
    const lock = await client.getMailboxLock('INBOX');
    try {
      const messages = await client.fetchAll('1:*', { flags: true, envelope: true });
      return Object.fromEntries(messages.map((m) => [m.envelope?.subject ?? '', [...(m.flags ?? [])].filter((flag) => flag !== '\\Recent').sort()]));
    } finally {
      lock.release();
    }
  });

/** The next period starts: the worker queues the poll and runs it with the rest of the queue. */
async function nextPoll() {
  t.clock.advance(POLL_SECONDS * 1000);
  await t.drainJobs();
}

const admin = () => t.tokenFor('admin');
const startSend = async (listId: number, templateId: number) => t.post('/api/crm/sendmailinglist', { id: listId, template_id: templateId }, { token: await admin() });
const state = async (email: string) => (await t.db.select().from(emailDeliverability).where(eq(emailDeliverability.email, email.toLowerCase())))[0] ?? null;
const bounceRows = (email: string) => t.db.select().from(mailBounces).where(eq(mailBounces.email, email.toLowerCase()));

describe('bounces read from the IMAP mailbox', () => {
  it('a DSN for a sent campaign makes the address undeliverable with its reason, the next send skips it, and each report is read once', { timeout: 30_000 }, async () => {
    const { listId, templateId, emails, clientIds } = await listOf(t.db, 4);
    const mark = smtp.received.length;
    const first = await startSend(listId, templateId);
    expect(first.statusCode, first.body).toBe(201);
    const firstId = first.json().data.id as number;
    await t.drainJobs();
    const sent = smtp.received.slice(mark);
    expect(sent.map((m) => m.to[0]).sort()).toEqual([...emails].sort());
    const mailTo = (address: string) => sent.find((m) => m.to[0] === address)!;

    // The next hop refuses emails[0] for good: the relay's bounce carries that server's own answer
    // and the message the portal sent. emails[1]'s server is unreachable for now; emails[2]'s
    // mailbox provider reports a complaint; and someone's autoresponder writes in too.
    const original = mailTo(emails[0]);
    const reply = await refusedBySmtp(original.raw, original.from, emails[0]);
    expect(reply).toMatch(/^550 5\.1\.1 /);
    await deliver(
      postfixBounce({ id: 'A1B2C3', sender: original.from, recipient: emails[0], reply, original: original.raw }),
      postfixDelay({ id: 'D4E5F6', sender: original.from, recipient: emails[1] }),
      abuseReport({ id: 'fbl-1', original: mailTo(emails[2]).raw }),
      outOfOffice({ id: 'ooo-1', from: emails[3] }),
    );

    // A poll's finished row from the day before is cleared by the next poll (one a minute would pile up).
    const oldPoll = (await enqueue(t.db, { kind: BOUNCE_MAILBOX_JOB, dedupeKey: `${BOUNCE_MAILBOX_JOB}:yesterday` }))!;
    await t.db.update(jobs).set({ status: 'done', finishedAt: new Date(t.clock.now().getTime() - 2 * 86_400_000) }).where(eq(jobs.id, oldPoll));

    await nextPoll();
    expect(await t.db.select().from(jobs).where(eq(jobs.id, oldPoll))).toEqual([]);
    const reason = `DSN 5.1.1: 550 5.1.1 <${emails[0]}>: Recipient address rejected: User unknown in local recipient table`;
    const member = (await t.get(`/api/crm/clientdeliverability?id=${clientIds[0]}`, { token: await admin() })).json().data;
    expect(member).toMatchObject({ undeliverable: true, reason, last_bounce_type: 'hard' });
    expect(await bounceRows(emails[0])).toMatchObject([{ type: 'hard', source: 'dsn', reason, sendId: firstId }]);
    expect(await t.audit('mail_bounce', emails[0].toLowerCase())).toHaveLength(1);
    // The delay is a soft bounce, not yet enough to stop mail; the abuse report unsubscribes.
    expect(await state(emails[1])).toMatchObject({ softBounces: 1, undeliverableAt: null, lastType: 'soft' });
    const complained = (await t.get(`/api/crm/clientdeliverability?id=${clientIds[2]}`, { token: await admin() })).json().data;
    expect(complained).toMatchObject({ unsubscribed: true, unsubscribed_via: 'complaint' });
    expect((await t.get(`/api/crm/mailingsend?id=${firstId}`, { token: await admin() })).json().data).toMatchObject({ bounced: 2, complaints: 1 });
    // Reports are marked read; the autoresponse is flagged for a person and left unread.
    expect(await flagsBySubject()).toEqual({
      'Undelivered Mail Returned to Sender': ['\\Seen'],
      'Delayed Mail (still being retried)': ['\\Seen'],
      'FW: complaint about your mail': ['\\Seen'],
      'Out of office': ['\\Flagged'],
    });

    // The next send, through the same SMTP server, mails neither the bounced nor the complaining address.
    const nextMark = smtp.received.length;
    const next = await startSend(listId, templateId);
    expect(next.json().data).toMatchObject({ total: 2, skipped: 2, undeliverable: 1 });
    await t.drainJobs();
    expect(smtp.received.slice(nextMark).map((m) => m.to[0]).sort()).toEqual([emails[1], emails[3]].sort());

    // Polled again, nothing is counted twice; nor when a report lost its \Seen (an instance
    // stopped between recording it and marking it): its Message-ID is its signature.
    await withMailbox(async (client) => {
      const lock = await client.getMailboxLock('INBOX');
      try {
        await client.messageFlagsRemove({ all: true }, ['\\Seen']);
      } finally {
        lock.release();
      }
    });
    await nextPoll();
    expect(await bounceRows(emails[0])).toHaveLength(1);
    expect(await state(emails[1])).toMatchObject({ softBounces: 1 });
    expect(await t.audit('mail_bounce', emails[0].toLowerCase())).toHaveLength(1);
    expect((await t.get(`/api/crm/mailingsend?id=${firstId}`, { token: await admin() })).json().data).toMatchObject({ bounced: 2, complaints: 1 });
  });

  it('a wrong password or a server that does not answer is logged and the poll is tried again, without crashing', { timeout: 30_000 }, async () => {
    const logged: string[] = [];
    const log: PollLog = { info: () => undefined, warn: (data, message) => logged.push(`${message} ${String((data as { err?: Error }).err?.message ?? '')}`) };
    const wrongPassword = bounceMailboxFromUrl(imap.url.replace(`:${encodeURIComponent(imap.password)}@`, ':not-the-password@'), POLL_SECONDS);
    const unreachable = bounceMailboxFromUrl(`imap://bounces:secret@127.0.0.1:${await closedPort()}/INBOX`, POLL_SECONDS);
    const ids: number[] = [];
    for (const [name, bounceMailbox] of [['password', wrongPassword], ['unreachable', unreachable]] as const) {
      const worker = new JobWorker({ db: t.db, handlers: [bounceMailboxHandler({ db: t.db, bounceMailbox, log })], now: t.clock.now });
      const id = (await enqueue(t.db, { kind: BOUNCE_MAILBOX_JOB, dedupeKey: `${BOUNCE_MAILBOX_JOB}:test-${name}` }))!;
      ids.push(id);
      await worker.drain();
      const [job] = await t.db.select().from(jobs).where(eq(jobs.id, id));
      expect(job, name).toMatchObject({ status: 'queued', attempts: 1 });
      expect(job.runAt.getTime(), name).toBeGreaterThan(t.clock.now().getTime());
      expect(job.lastError, name).toBeTruthy();
    }
    expect(logged).toHaveLength(2);
    expect(logged.every((line) => line.startsWith('bounce mailbox: poll failed'))).toBe(true);
    // Their retries come after their period is over: the next period's poll does the work, so they
    // end without connecting (a mailbox that stays down is not tried by a growing pile of retries).
    t.clock.advance(POLL_SECONDS * 1000);
    const retrying = new JobWorker({ db: t.db, handlers: [bounceMailboxHandler({ db: t.db, bounceMailbox: wrongPassword, log })], now: t.clock.now });
    await retrying.drain();
    expect(await t.db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs).where(inArray(jobs.id, ids))).toEqual([
      { status: 'done', attempts: 2 },
      { status: 'done', attempts: 2 },
    ]);
    expect(logged).toHaveLength(2);
  });
});
