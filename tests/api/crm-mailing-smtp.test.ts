import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../server/db/client';
import { clients, mailingDeliveries } from '../../server/db/schema';
import { JobWorker } from '../../server/jobs/worker';
import { smtpMailer, type Mailer } from '../../server/mail/mailer';
import { mailingLaneHandler } from '../../server/modules/crm/mailing/lane';
import { PUBLIC_URL, type TestApp, createTestApp } from './support/app';
import { onPostgres } from './support/database';
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

  it('keeps to MAIL_RATE_PER_SECOND across the lanes of a send', async () => {
    const { listId, templateId } = await listOf(t.db, 24);
    const mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, FROM);
    const worker = new JobWorker({
      db: t.db,
      handlers: [mailingLaneHandler({ db: t.db, mailer, publicUrl: PUBLIC_URL, now: () => new Date(), mailRatePerSecond: 30 })],
      now: () => new Date(),
    });
    try {
      const send = await startSend(listId, templateId);
      const started = Date.now();
      await worker.drain();
      const seconds = (Date.now() - started) / 1000;
      expect(await sendState(send.id)).toMatchObject({ status: 'done', sent: 24 });
      // 24 messages at 30/s: at least ~0.7 s (the first message of each lane goes at once).
      expect(seconds).toBeGreaterThanOrEqual(0.6);
    } finally {
      await mailer.close();
    }
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  it('work one send together and mail no recipient twice', { timeout: 60_000 }, async () => {
    const { listId, templateId, emails } = await listOf(t.db, 600);
    const scratchUrl = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    // The second instance has a connection pool of its own, as another server would.
    const other = await openDatabase({ databaseUrl: scratchUrl, dataDir: null });
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
