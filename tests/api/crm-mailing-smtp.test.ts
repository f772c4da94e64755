import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../server/db/client';
import { clients, jobs, mailingDeliveries } from '../../server/db/schema';
import { JobWorker } from '../../server/jobs/worker';
import { smtpMailer, type Mailer } from '../../server/mail/mailer';
import { mailingLaneHandler } from '../../server/modules/crm/mailing/lane';
import { PUBLIC_URL, type TestApp, createTestApp } from './support/app';
import { connectionsTo, databaseName, onPostgres } from './support/database';
import { listOf, until } from './support/mailing';
import { type ReceivedMail, type TestSmtp, startSmtp } from './support/smtp';

const FROM = 'Members Portal <no-reply@portal.test>';
let smtp: TestSmtp;
let t: TestApp;
/** Recipients the SMTP server refuses for good (550) while this holds. */
const refusing = new Set<string>();

beforeAll(async () => {
  smtp = await startSmtp({
    onRcptTo(address, _session, callback) {
      if (refusing.has(address.address)) {
        const error = Object.assign(new Error('5.1.1 Mailbox unknown'), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
  });
  t = await createTestApp({ mailer: () => smtpMailer(`smtp://127.0.0.1:${smtp.port}`, FROM) });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function startSend(listId: number, templateId: number) {
  const res = await t.post('/api/crm/sendmailinglist', { id: listId, template_id: templateId }, { token: await t.tokenFor('admin') });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; total: number; skipped: number };
}

async function sendState(id: number) {
  const res = await t.get(`/api/crm/mailingsend?id=${id}`, { token: await t.tokenFor('admin') });
  return res.json().data as { status: string; sent: number; failed: number; total: number; skipped: number };
}

const to = (mail: ReceivedMail) => mail.to[0];
const since = (mark: number) => smtp.received.slice(mark);

describe('campaign mail through a real SMTP server', () => {
  it('arrives with the placeholders filled, its Message-ID, List-Unsubscribe headers and a working one-click unsubscribe', async () => {
    const { listId, templateId, emails, clientIds } = await listOf(t.db, 3);
    await t.db.update(clients).set({ name: 'Smith & <Sons>' }).where(eq(clients.id, clientIds[0]));
    const mark = smtp.received.length;
    const send = await startSend(listId, templateId);
    await t.drainJobs();

    const delivered = since(mark);
    expect(delivered.map(to).sort()).toEqual([...emails].sort());
    const mail = await simpleParser(delivered.find((m) => to(m) === emails[0])!.raw);
    expect(mail.subject).toBe('Renewal for Smith & <Sons>');
    expect(mail.html).toContain('Smith &amp; &lt;Sons&gt; renews on 30 June 2027.');
    expect(mail.text).toContain('Smith & <Sons> renews on 30 June 2027.');
    expect(mail.text).toContain('Dear Owner 0,');
    const [delivery] = await t.db.select().from(mailingDeliveries).where(sql`${mailingDeliveries.sendId} = ${send.id} and ${mailingDeliveries.clientId} = ${clientIds[0]}`);
    expect(mail.messageId).toBe(`<delivery-${delivery.id}@portal.test>`);
    const headerLine = (key: string) => (mail.headerLines.find((h) => h.key === key)?.line ?? '').replace(/\r?\n\s+/g, ' ');
    expect(headerLine('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const header = headerLine('list-unsubscribe');
    const oneClick = /<(http:\/\/portal\.test\/api\/crm\/unsubscribe\?token=[^>]+)>/.exec(header)?.[1];
    expect(oneClick, header).toBeDefined();
    expect(header).toMatch(/<mailto:no-reply@portal\.test\?subject=unsubscribe%20[^>]+>/);
    const token = new URL(oneClick!).searchParams.get('token')!;
    expect(mail.html).toContain(`href="${PUBLIC_URL}/unsubscribe/${token}"`);

    // RFC 8058: the mail client POSTs the form to the https address, without any sign-in.
    const path = oneClick!.replace(PUBLIC_URL, '');
    const res = await t.inject({ method: 'POST', url: path, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode, res.body).toBe(200);

    const nextMark = smtp.received.length;
    const next = await startSend(listId, templateId);
    expect(next).toMatchObject({ total: 2, skipped: 1 });
    await t.drainJobs();
    expect(since(nextMark).map(to).sort()).toEqual(emails.slice(1).sort());
  });

  it('a recipient the server refuses fails with its reason at once; a retry once the server accepts delivers it', async () => {
    const { listId, templateId, emails } = await listOf(t.db, 4);
    refusing.add(emails[2]);
    const mark = smtp.received.length;
    const send = await startSend(listId, templateId);
    await t.drainJobs();
    expect(await sendState(send.id)).toMatchObject({ status: 'done', sent: 3, failed: 1 });
    const failed = (await t.get(`/api/crm/senddeliveries?id=${send.id}&status=failed`, { token: await t.tokenFor('admin') })).json();
    expect(failed.data).toHaveLength(1);
    expect(failed.data[0].email).toBe(emails[2]);
    expect(failed.data[0].attempts).toBe(1);
    expect(failed.data[0].error).toMatch(/550.*Mailbox unknown/);

    refusing.delete(emails[2]);
    const retried = await t.post('/api/crm/retrysend', { id: send.id }, { token: await t.tokenFor('admin') });
    expect(retried.statusCode, retried.body).toBe(200);
    await t.drainJobs();
    expect(await sendState(send.id)).toMatchObject({ status: 'done', sent: 4, failed: 0 });
    expect(since(mark).map(to).sort()).toEqual([...emails].sort());
  });

  /** A worker of lanes only, with its own rate and lease (the test app's runs unlimited). */
  function laneWorker(options: { rate: number; leaseMs?: number }) {
    const mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, FROM);
    const worker = new JobWorker({
      db: t.db,
      handlers: [mailingLaneHandler({ db: t.db, mailer, publicUrl: PUBLIC_URL, now: () => new Date(), mailRatePerSecond: options.rate })],
      now: () => new Date(),
      pollMs: 20,
      leaseMs: options.leaseMs,
    });
    return { worker, close: async () => (await worker.stop(), await mailer.close()) };
  }

  it('keeps to MAIL_RATE_PER_SECOND across the lanes of a send', async () => {
    const { listId, templateId } = await listOf(t.db, 75);
    const { worker, close } = laneWorker({ rate: 50 });
    try {
      const send = await startSend(listId, templateId);
      const started = Date.now();
      await worker.drain();
      const seconds = (Date.now() - started) / 1000;
      expect(await sendState(send.id)).toMatchObject({ status: 'done', sent: 75 });
      // 75 messages on 3 lanes at 50/s together: about 1.5 s (each lane's first message goes at once).
      expect(seconds).toBeGreaterThanOrEqual(1.3);
    } finally {
      await close();
    }
  });

  it('at a slow rate a lane hands over before its lease ends, puts back what it did not send, and mails nobody twice', async () => {
    const { listId, templateId, emails } = await listOf(t.db, 12);
    // One lane at 8/s needs 1.5 s for its batch; its job lease is 0.8 s.
    const { worker, close } = laneWorker({ rate: 8, leaseMs: 800 });
    try {
      const mark = smtp.received.length;
      const send = await startSend(listId, templateId);
      await worker.drain();
      expect(await sendState(send.id)).toMatchObject({ status: 'done', sent: 12, failed: 0 });
      expect(since(mark).map(to).sort()).toEqual([...emails].sort());
      const laneJobs = await t.db.select().from(jobs).where(eq(jobs.ref, `mailing_send:${send.id}`));
      expect(laneJobs.length).toBeGreaterThan(1);
      const attempts = await t.db.select({ attempts: mailingDeliveries.attempts }).from(mailingDeliveries).where(eq(mailingDeliveries.sendId, send.id));
      expect(attempts.every((d) => d.attempts === 1)).toBe(true);
    } finally {
      await close();
    }
  });

  it('a pause takes effect within seconds in the middle of a slow batch, and resume sends the rest once', async () => {
    const { listId, templateId, emails } = await listOf(t.db, 20);
    const { worker, close } = laneWorker({ rate: 4 });
    try {
      const mark = smtp.received.length;
      const send = await startSend(listId, templateId);
      worker.start();
      await until(() => smtp.received.length - mark >= 2, 10_000, 'the first messages');
      const token = await t.tokenFor('admin');
      expect((await t.post('/api/crm/pausesend', { id: send.id }, { token })).statusCode).toBe(200);
      // The lane looks every 2 s: within about 3 s nothing more goes out and nothing stays claimed.
      await new Promise((resolve) => setTimeout(resolve, 3500));
      const afterPause = smtp.received.length - mark;
      expect(afterPause).toBeLessThan(20);
      const claimed = await t.db.select().from(mailingDeliveries).where(sql`${mailingDeliveries.sendId} = ${send.id} and ${mailingDeliveries.status} = 'sending'`);
      expect(claimed).toHaveLength(0);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(smtp.received.length - mark).toBe(afterPause);

      await worker.stop();
      const { worker: fast, close: closeFast } = laneWorker({ rate: 0 });
      try {
        expect((await t.post('/api/crm/resumesend', { id: send.id }, { token })).statusCode).toBe(200);
        await fast.drain();
      } finally {
        await closeFast();
      }
      expect(await sendState(send.id)).toMatchObject({ status: 'done', sent: 20 });
      expect(since(mark).map(to).sort()).toEqual([...emails].sort());
    } finally {
      await close();
    }
  }, 30_000);
});

describe('two instances on one database', () => {
  it('work one send together and mail no recipient twice', { timeout: 60_000 }, async () => {
    const { listId, templateId, emails } = await listOf(t.db, 600);
    // On PostgreSQL the second instance has a connection pool of its own, as another server would;
    // the embedded database has one connection per process, so there the two workers share it.
    const other = onPostgres
      ? await openDatabase({ ...connectionsTo(await databaseName(t.db)), dataDir: null })
      : { db: t.db, close: async () => undefined };
    const mailers: Mailer[] = [];
    const sentBy = [0, 0];
    const workerOn = (db: Db, index: number) => {
      const smtpOut = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, FROM);
      mailers.push(smtpOut);
      const counting: Mailer = { ...smtpOut, kind: 'smtp', from: FROM, send: async (m) => { await smtpOut.send(m); sentBy[index] += 1; }, close: () => smtpOut.close() };
      // Two lane jobs a round each, so both instances get lanes of the same send.
      return new JobWorker({ db, handlers: [mailingLaneHandler({ db, mailer: counting, publicUrl: PUBLIC_URL, now: () => new Date(), mailRatePerSecond: 0 })], now: () => new Date(), batchSize: 2, pollMs: 20, leaseMs: 10_000 });
    };
    const workers = [workerOn(t.db, 0), workerOn(other.db, 1)];
    try {
      const mark = smtp.received.length;
      const send = await startSend(listId, templateId);
      for (const worker of workers) worker.start();
      await until(async () => (await sendState(send.id)).status === 'done', 50_000, 'the send to finish');
      const delivered = since(mark).map(to);
      expect(delivered.length).toBe(emails.length);
      expect(new Set(delivered).size).toBe(emails.length);
      expect(sentBy[0]).toBeGreaterThan(0);
      expect(sentBy[1]).toBeGreaterThan(0);
    } finally {
      for (const worker of workers) await worker.stop();
      for (const mailer of mailers) await mailer.close();
      await other.close();
    }
  });
});
