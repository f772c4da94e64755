import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../server/auth/tokens';
import { type Db, openDatabase } from '../../server/db/client';
import { clients, emailTemplates, mailingDeliveries, mailingListClients, mailingLists, roles, users } from '../../server/db/schema';
import { ensureReferenceData } from '../../server/db/seed/reference';
import { JobWorker } from '../../server/jobs/worker';
import { smtpMailer, type Mailer } from '../../server/mail/mailer';
import { MAX_LANES, mailingLaneHandler } from '../../server/modules/crm/mailing/lane';
import { PUBLIC_URL, TEST_JWT_SECRET, type TestApp, createTestApp } from './support/app';
import { createScratchDatabase, onPostgres } from './support/database';
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
  // A portal killed with SIGKILL resets its connections: the server reports it, and it is expected here.
  smtp.server.on('error', () => {});
  t = await createTestApp({ mailer: () => smtpMailer(`smtp://127.0.0.1:${smtp.port}`, FROM) });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let counter = 0;

/** Members, a list holding them and a template, straight in the database (many at a time, for the fault test). */
async function listOf(db: Db, n: number, fields: Partial<typeof clients.$inferInsert> = {}) {
  const tag = `${Date.now().toString(36)}${++counter}`;
  const ids: number[] = [];
  for (let start = 0; start < n; start += 500) {
    const rows = await db
      .insert(clients)
      .values(
        Array.from({ length: Math.min(500, n - start) }, (_, j) => ({
          type: 'stockist' as const,
          name: `Shop ${tag}-${start + j}`,
          contactName: `Owner ${start + j}`,
          email: `r${start + j}.${tag}@smtp.test`,
          membershipStatus: 'active' as const,
          membershipExpiresAt: new Date('2027-06-30T12:00:00Z'),
          ...fields,
        })),
      )
      .returning({ id: clients.id });
    ids.push(...rows.map((r) => r.id));
  }
  const [list] = await db.insert(mailingLists).values({ name: `SMTP list ${tag}` }).returning();
  await db.insert(mailingListClients).values(ids.map((clientId) => ({ listId: list.id, clientId })));
  const [template] = await db
    .insert(emailTemplates)
    .values({
      name: `SMTP template ${tag}`,
      subject: 'Renewal for {{client_name}}',
      body: '<p>Dear {{contact_name}},</p><p>{{client_name}} renews on {{membership_expires_at}}.</p><p><a href="{{unsubscribe_link}}">Unsubscribe</a></p>',
    })
    .returning();
  const emails = (await db.select({ email: clients.email }).from(clients).where(sql`${clients.id} in ${ids}`)).map((r) => r.email);
  return { listId: list.id, templateId: template.id, clientIds: ids, emails };
}

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

/** A portal in its own process (tests/api/support/mailingServer.ts); answers its port once it listens. */
async function startInstance(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/support/mailingServer.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the instance exited (${code}) before listening`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line).port));
  });
  return { child, port };
}

function stopInstance(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  return exited;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function messageIdOf(raw: string): string {
  return /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
}

describe('a send survives the server being killed', () => {
  it('SIGKILL mid-send, restart on the same data: everyone gets the mail, repeats only the ones in flight with the same Message-ID', { timeout: 120_000 }, async () => {
    const RECIPIENTS = 2000;
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-fault-'));
    const scratch = onPostgres ? await createScratchDatabase() : null;
    const instances: ChildProcess[] = [];
    try {
      const prepare = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: scratch ? null : dataDir });
      await ensureReferenceData(prepare.db);
      const [adminRole] = await prepare.db.select().from(roles).where(eq(roles.name, 'admin'));
      const [adminUser] = await prepare.db.insert(users).values({ name: 'Fault Admin', email: 'fault-admin@portal.test', passwordHash: 'not-used', roleId: adminRole.id }).returning();
      const { listId, templateId, emails } = await listOf(prepare.db, RECIPIENTS);
      // The embedded database is one process's at a time.
      await prepare.close();

      const env = {
        JWT_SECRET: TEST_JWT_SECRET,
        PUBLIC_URL,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
      };
      const token = await new TokenService(TEST_JWT_SECRET).issue({ userId: adminUser.id, tokenVersion: adminUser.tokenVersion });
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

      const first = await startInstance(env);
      instances.push(first.child);
      const mark = smtp.received.length;
      const started = await fetch(`http://127.0.0.1:${first.port}/api/crm/sendmailinglist`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': 'fault-test' },
        body: JSON.stringify({ id: listId, template_id: templateId }),
      });
      expect(started.status).toBe(201);
      const sendId = ((await started.json()) as { data: { id: number } }).data.id;

      await until(() => smtp.received.length - mark >= RECIPIENTS / 4, 60_000, 'a quarter of the mail');
      await stopInstance(first.child, 'SIGKILL');
      const atKill = smtp.received.length - mark;
      expect(atKill).toBeLessThan(RECIPIENTS);

      const second = await startInstance(env);
      instances.push(second.child);
      await until(
        async () => {
          const res = await fetch(`http://127.0.0.1:${second.port}/api/crm/mailingsend?id=${sendId}`, { headers });
          return ((await res.json()) as { data: { status: string } }).data.status === 'done';
        },
        60_000,
        'the send to finish after the restart',
      );
      const figures = await fetch(`http://127.0.0.1:${second.port}/api/crm/mailingsend?id=${sendId}`, { headers });
      expect(((await figures.json()) as { data: unknown }).data).toMatchObject({ status: 'done', total: RECIPIENTS, sent: RECIPIENTS, failed: 0 });
      await stopInstance(second.child, 'SIGTERM');

      const delivered = since(mark);
      const byRecipient = new Map<string, string[]>();
      for (const mail of delivered) byRecipient.set(to(mail), [...(byRecipient.get(to(mail)) ?? []), messageIdOf(mail.raw)]);
      expect([...byRecipient.keys()].sort()).toEqual([...emails].sort());
      // Each lane has at most one message between "accepted by the server" and "marked sent".
      expect(delivered.length - RECIPIENTS).toBeLessThanOrEqual(MAX_LANES);
      for (const ids of byRecipient.values()) expect(new Set(ids).size).toBe(1);
    } finally {
      for (const child of instances) await stopInstance(child, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    }
  });
});

describe('two instances on one database', () => {
  it('work one send together and mail no recipient twice', { timeout: 60_000 }, async () => {
    const { listId, templateId, emails } = await listOf(t.db, 600);
    // On PostgreSQL the second instance has a connection pool of its own, as another server would;
    // the embedded database has one connection per process, so there the two workers share it.
    const other = onPostgres
      ? await openDatabase({ databaseUrl: (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString, dataDir: null })
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
