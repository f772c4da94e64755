import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailDeliverability, jobs, mailBounces, mailingSends, unsubscribes } from '../../server/db/schema';
import { smtpMailer } from '../../server/mail/mailer';
import { scheduledStartHandler } from '../../server/modules/crm/mailing/scheduledSends';
import { PUBLIC_URL, TEST_JWT_SECRET, type TestApp, createTestApp } from './support/app';
import { connectionsTo, databaseName, onPostgres } from './support/database';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { JobWorker } from '../../server/jobs/worker';
import { mailingLaneHandler } from '../../server/modules/crm/mailing/lane';
import { listOf } from './support/mailing';
import { type ReceivedMail, type TestSmtp, startSmtp } from './support/smtp';

/**
 * Bounces and complaints (the signed webhook, Mailgun's format), what they do to later
 * sends through a real SMTP server, and the send's report.
 */
const SECRET = 'bounce-secret-for-the-api-tests-0123456789';
const FROM = 'Members Portal <no-reply@portal.test>';
let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ mailer: () => smtpMailer(`smtp://127.0.0.1:${smtp.port}`, FROM), bounceWebhookSecret: SECRET });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Signs as the contract says, independently of the server's code: hex HMAC-SHA256 of `timestamp.raw body`. */
function signed(body: unknown, options: { at?: Date; secret?: string; raw?: string } = {}) {
  const raw = options.raw ?? JSON.stringify(body);
  const timestamp = String(seconds(options.at ?? t.clock.now()));
  const signature = createHmac('sha256', options.secret ?? SECRET).update(`${timestamp}.${raw}`).digest('hex');
  return { raw, headers: { 'content-type': 'application/json', 'x-portal-timestamp': timestamp, 'x-portal-signature': signature } };
}

function postBounce(request: { raw: string; headers: Record<string, string> }) {
  return t.inject({ method: 'POST', url: '/api/webhooks/bounce', payload: request.raw, headers: request.headers });
}

/** Mailgun's event as its webhook posts it, signed with its signing key. */
function mailgunEvent(eventData: Record<string, unknown>, options: { at?: Date; secret?: string } = {}) {
  const timestamp = String(seconds(options.at ?? t.clock.now()));
  const token = `tok${Math.random().toString(36).slice(2)}${Date.now()}`;
  const signature = createHmac('sha256', options.secret ?? SECRET).update(timestamp + token).digest('hex');
  return { signature: { timestamp, token, signature }, 'event-data': { id: 'evt', timestamp: Number(timestamp), ...eventData } };
}

async function state(email: string) {
  const [row] = await t.db.select().from(emailDeliverability).where(eq(emailDeliverability.email, email.toLowerCase()));
  return row ?? null;
}

async function bounceRows(email: string) {
  return t.db.select().from(mailBounces).where(eq(mailBounces.email, email.toLowerCase()));
}

async function startSend(listId: number, templateId: number, extra: Record<string, unknown> = {}) {
  return t.post('/api/crm/sendmailinglist', { id: listId, template_id: templateId, ...extra }, { token: await t.tokenFor('admin') });
}

async function sendRecord(id: number) {
  return (await t.get(`/api/crm/mailingsend?id=${id}`, { token: await t.tokenFor('admin') })).json().data as Record<string, unknown>;
}

async function deliverability(clientId: number) {
  const res = await t.get(`/api/crm/clientdeliverability?id=${clientId}`, { token: await t.tokenFor('admin') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown>;
}

const to = (mail: ReceivedMail) => mail.to[0];

describe('the signed bounce webhook', () => {
  it('takes a hard bounce with a good signature: the address is undeliverable, with its reason, on the member page', async () => {
    const { emails, clientIds } = await listOf(t.db, 1);
    const res = await postBounce(signed({ email: emails[0].toUpperCase(), type: 'hard', reason: '550 5.1.1 No such user' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ duplicate: false, undeliverable: true });
    expect(await state(emails[0])).toMatchObject({ reason: '550 5.1.1 No such user', lastType: 'hard' });
    expect(await deliverability(clientIds[0])).toMatchObject({ undeliverable: true, reason: '550 5.1.1 No such user', last_bounce_type: 'hard' });
    expect(await t.audit('mail_bounce', emails[0])).toHaveLength(1);
  });

  it('refuses a wrong signature, another secret, a changed body, a missing header and an old or future timestamp with 401 naming the header, changing nothing', async () => {
    const { emails } = await listOf(t.db, 1);
    const body = { email: emails[0], type: 'hard', reason: 'gone' };
    const auditBefore = (await t.db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as { rows: { n: number }[] };
    const good = signed(body);
    const cases: [string, { raw: string; headers: Record<string, string> }, string][] = [
      ['wrong signature', { ...good, headers: { ...good.headers, 'x-portal-signature': 'ab'.repeat(32) } }, 'x-portal-signature'],
      ['not hex', { ...good, headers: { ...good.headers, 'x-portal-signature': 'nonsense' } }, 'x-portal-signature'],
      ['another secret', signed(body, { secret: 'another-secret-0123456789abcdef' }), 'x-portal-signature'],
      ['a changed body', { ...good, raw: JSON.stringify({ ...body, type: 'complaint' }) }, 'x-portal-signature'],
      ['a space added to the body', { ...good, raw: good.raw + ' ' }, 'x-portal-signature'],
      ['six minutes old', signed(body, { at: new Date(t.clock.now().getTime() - 6 * 60_000) }), 'x-portal-timestamp'],
      ['six minutes ahead', signed(body, { at: new Date(t.clock.now().getTime() + 6 * 60_000) }), 'x-portal-timestamp'],
      ['no timestamp', { ...good, headers: { ...good.headers, 'x-portal-timestamp': '' } }, 'x-portal-timestamp'],
      ['no signature', { ...good, headers: { 'content-type': 'application/json', 'x-portal-timestamp': good.headers['x-portal-timestamp'] } }, 'x-portal-signature'],
    ];
    for (const [name, request, field] of cases) {
      const res = await postBounce(request);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(401);
      expect(Object.keys(res.json().errors), name).toEqual([field]);
    }
    expect(await state(emails[0])).toBeNull();
    expect(await bounceRows(emails[0])).toHaveLength(0);
    const auditAfter = (await t.db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as { rows: { n: number }[] };
    expect(auditAfter.rows[0].n).toBe(auditBefore.rows[0].n);
    // Four minutes old is inside the window.
    const res = await postBounce(signed(body, { at: new Date(t.clock.now().getTime() - 4 * 60_000) }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 400 naming the field for a signed body that is wrong, and changes nothing', async () => {
    for (const [body, field] of [
      [{ email: 'not-an-address', type: 'hard', reason: '' }, 'email'],
      [{ email: 'x@example.com', type: 'bounce', reason: '' }, 'type'],
      [{ type: 'hard' }, 'email'],
    ] as const) {
      const res = await postBounce(signed(body));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
    const res = await postBounce(signed(null, { raw: '{not json' }));
    expect(res.statusCode, res.body).toBe(400);
    expect(await bounceRows('x@example.com')).toHaveLength(0);
  });

  it('counts soft bounces and makes the address undeliverable at the third; a replayed request counts once', async () => {
    const { emails, clientIds } = await listOf(t.db, 1);
    const first = signed({ email: emails[0], type: 'soft', reason: '452 mailbox full' });
    expect((await postBounce(first)).json().data).toMatchObject({ undeliverable: false, duplicate: false });
    const replay = await postBounce(first);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toMatchObject({ duplicate: true });
    expect(await state(emails[0])).toMatchObject({ softBounces: 1, undeliverableAt: null });
    t.clock.advance(1000);
    expect((await postBounce(signed({ email: emails[0], type: 'soft', reason: '452 mailbox full' }))).json().data.undeliverable).toBe(false);
    expect(await deliverability(clientIds[0])).toMatchObject({ undeliverable: false, soft_bounces: 2 });
    t.clock.advance(1000);
    expect((await postBounce(signed({ email: emails[0], type: 'soft', reason: '452 still full' }))).json().data.undeliverable).toBe(true);
    expect(await deliverability(clientIds[0])).toMatchObject({ undeliverable: true, soft_bounces: 3, reason: '452 still full' });
  });

  it('knows a replay by what was signed: the signature rewritten in capitals or mixed case is the same request, counted once', async () => {
    const { emails } = await listOf(t.db, 1);
    const first = signed({ email: emails[0], type: 'soft', reason: '452 mailbox full' });
    expect((await postBounce(first)).json().data).toMatchObject({ duplicate: false });
    const hex = first.headers['x-portal-signature'];
    const mixed = [...hex].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('');
    for (const variant of [hex.toUpperCase(), mixed]) {
      expect(variant).not.toBe(hex);
      const replay = await postBounce({ ...first, headers: { ...first.headers, 'x-portal-signature': variant } });
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json().data).toMatchObject({ duplicate: true });
    }
    expect(await state(emails[0])).toMatchObject({ softBounces: 1, undeliverableAt: null });
    expect(await bounceRows(emails[0])).toHaveLength(1);
  });

  it('refuses a signature of the wrong length or with a character that is not hex, even when its hex prefix is right', async () => {
    const { emails } = await listOf(t.db, 1);
    const good = signed({ email: emails[0], type: 'hard', reason: '550' });
    const hex = good.headers['x-portal-signature'];
    for (const bad of [hex.slice(0, 62), hex + '00', hex.slice(0, 63) + 'g', hex + 'zz', `${hex.slice(0, 32)} ${hex.slice(33)}`]) {
      const res = await postBounce({ ...good, headers: { ...good.headers, 'x-portal-signature': bad } });
      expect(res.statusCode, bad).toBe(401);
      expect(res.json().errors).toHaveProperty('x-portal-signature');
    }
    expect(await bounceRows(emails[0])).toHaveLength(0);
  });

  it('a complaint unsubscribes the member from list mail', async () => {
    const { emails, clientIds } = await listOf(t.db, 1);
    const res = await postBounce(signed({ email: emails[0], type: 'complaint', reason: 'abuse report' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.unsubscribed).toBe(1);
    const [row] = await t.db.select().from(unsubscribes).where(eq(unsubscribes.clientId, clientIds[0]));
    expect(row.via).toBe('complaint');
    expect(await deliverability(clientIds[0])).toMatchObject({ unsubscribed: true, unsubscribed_via: 'complaint', undeliverable: false });
  });

  it('answers 404 saying why while BOUNCE_WEBHOOK_SECRET is not set', async () => {
    const off = await t.variant({});
    const request = signed({ email: 'x@example.com', type: 'hard', reason: '' });
    const res = await off.inject({ method: 'POST', url: '/api/webhooks/bounce', payload: request.raw, headers: request.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/BOUNCE_WEBHOOK_SECRET/);
  });
});

describe("Mailgun's webhook", () => {
  const post = (body: unknown) => t.inject({ method: 'POST', url: '/api/webhooks/bounce/mailgun', payload: body as object });

  it('takes a permanent failure as a hard bounce, a temporary one as soft, a complaint, and ignores other events', async () => {
    const { emails, clientIds } = await listOf(t.db, 3);
    const hard = await post(mailgunEvent({ event: 'failed', severity: 'permanent', recipient: emails[0], reason: 'bounce', 'delivery-status': { code: 550, description: 'No such mailbox' } }));
    expect(hard.statusCode, hard.body).toBe(200);
    expect(await state(emails[0])).toMatchObject({ lastType: 'hard', reason: '550 No such mailbox' });
    expect((await deliverability(clientIds[0])).undeliverable).toBe(true);

    const soft = await post(mailgunEvent({ event: 'failed', severity: 'temporary', recipient: emails[1], 'delivery-status': { code: 452, message: 'Mailbox full' } }));
    expect(soft.statusCode, soft.body).toBe(200);
    expect(await state(emails[1])).toMatchObject({ lastType: 'soft', softBounces: 1, undeliverableAt: null });

    const complaint = await post(mailgunEvent({ event: 'complained', recipient: emails[2] }));
    expect(complaint.json().data.unsubscribed).toBe(1);

    const delivered = await post(mailgunEvent({ event: 'delivered', recipient: emails[2] }));
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().data.ignored).toBe(true);
  });

  it('counts a replayed event once, whatever the letter case of its signature', async () => {
    const { emails } = await listOf(t.db, 1);
    const event = mailgunEvent({ event: 'failed', severity: 'temporary', recipient: emails[0] });
    expect((await post(event)).json().data).toMatchObject({ duplicate: false });
    const upper = { ...event, signature: { ...event.signature, signature: event.signature.signature.toUpperCase() } };
    expect((await post(upper)).json().data).toMatchObject({ duplicate: true });
    expect(await state(emails[0])).toMatchObject({ softBounces: 1 });
  });

  it('refuses a wrong or old signature with 401, changing nothing', async () => {
    const { emails } = await listOf(t.db, 1);
    const event = { event: 'failed', severity: 'permanent', recipient: emails[0] };
    const wrong = await post(mailgunEvent(event, { secret: 'not-the-signing-key-0123456789' }));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors).toHaveProperty('signature.signature');
    const old = await post(mailgunEvent(event, { at: new Date(t.clock.now().getTime() - 10 * 60_000) }));
    expect(old.statusCode).toBe(401);
    expect(old.json().errors).toHaveProperty('signature.timestamp');
    expect(await state(emails[0])).toBeNull();
    expect(await bounceRows(emails[0])).toHaveLength(0);
  });
});

describe('sends and bounces, through a real SMTP server', () => {
  it('the next send skips an undeliverable address and counts it; bounces and complaints for a send are in its report', async () => {
    const { listId, templateId, emails, clientIds } = await listOf(t.db, 4);
    const mark = smtp.received.length;
    const first = await startSend(listId, templateId);
    expect(first.statusCode, first.body).toBe(201);
    const firstId = first.json().data.id as number;
    await t.drainJobs();
    expect(smtp.received.slice(mark).map(to).sort()).toEqual([...emails].sort());

    // The provider reports back on the first send's mail.
    expect((await postBounce(signed({ email: emails[0], type: 'hard', reason: '550 user unknown' }))).json().data.send_id).toBe(firstId);
    await postBounce(signed({ email: emails[1], type: 'soft', reason: '452 full' }));
    await postBounce(signed({ email: emails[2], type: 'complaint', reason: 'spam' }));
    expect(await sendRecord(firstId)).toMatchObject({ bounced: 2, complaints: 1, undeliverable: 0 });
    // The list says who the next send will skip: one unsubscribed (the complaint), one undeliverable.
    const detail = (await t.get(`/api/crm/mailinglist?id=${listId}&perPage=10`, { token: await t.tokenFor('admin') })).json().data;
    expect(detail.list).toMatchObject({ client_count: 4, unsubscribed_count: 1, undeliverable_count: 1 });
    const flags = Object.fromEntries((detail.members as { client_id: number; undeliverable: boolean; unsubscribed: boolean }[]).map((m) => [m.client_id, [m.unsubscribed, m.undeliverable]]));
    expect(flags).toEqual({ [clientIds[0]]: [false, true], [clientIds[1]]: [false, false], [clientIds[2]]: [true, false], [clientIds[3]]: [false, false] });

    const nextMark = smtp.received.length;
    const next = await startSend(listId, templateId);
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().data).toMatchObject({ total: 2, skipped: 2, undeliverable: 1 });
    await t.drainJobs();
    // emails[0] bounced for good, emails[2] complained; emails[1] had one soft bounce and still gets mail.
    expect(smtp.received.slice(nextMark).map(to).sort()).toEqual([emails[1], emails[3]].sort());
    const skipped = (await t.get(`/api/crm/senddeliveries?id=${next.json().data.id}&status=skipped`, { token: await t.tokenFor('admin') })).json().data as { client_id: number; error: string }[];
    expect(skipped.find((d) => d.client_id === clientIds[0])?.error).toBe('undeliverable: 550 user unknown');
    expect(skipped.find((d) => d.client_id === clientIds[2])?.error).toBe('unsubscribed');
  });

  it("changing the member's email clears it: the member's page shows nothing and the next send mails the new address", async () => {
    const { listId, templateId, emails, clientIds } = await listOf(t.db, 2);
    await postBounce(signed({ email: emails[0], type: 'hard', reason: '550 gone' }));
    expect((await deliverability(clientIds[0])).undeliverable).toBe(true);

    // Saving the same address in another case changes nothing.
    const same = await t.post('/api/clients/save', { id: clientIds[0], email: emails[0].toUpperCase() }, { token: await t.tokenFor('admin') });
    expect(same.statusCode, same.body).toBe(200);
    expect((await deliverability(clientIds[0])).undeliverable).toBe(true);

    const newAddress = `moved.${Date.now()}@smtp.test`;
    const saved = await t.post('/api/clients/save', { id: clientIds[0], email: newAddress }, { token: await t.tokenFor('admin') });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await deliverability(clientIds[0])).toMatchObject({ email: newAddress, undeliverable: false, reason: null });
    expect(await state(emails[0])).toBeNull();

    const mark = smtp.received.length;
    const send = await startSend(listId, templateId);
    expect(send.json().data).toMatchObject({ total: 2, skipped: 0 });
    await t.drainJobs();
    expect(smtp.received.slice(mark).map(to).sort()).toEqual([newAddress, emails[1]].sort());
  });
});

describe('scheduled sends', () => {
  it('refuses a scheduled_at in the past or not a time with 400 naming it, and writes nothing', async () => {
    const { listId, templateId } = await listOf(t.db, 1);
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(mailingSends).where(eq(mailingSends.listId, listId)))[0].n;
    for (const value of [new Date(t.clock.now().getTime() - 60_000).toISOString(), 'tomorrow', new Date(t.clock.now().getTime() + 400 * 86_400_000).toISOString()]) {
      const res = await startSend(listId, templateId, { scheduled_at: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toHaveProperty('scheduled_at');
    }
    expect(await count()).toBe(0);
  });

  it('waits as scheduled, takes its recipients when it starts and mails them once', async () => {
    const { listId, templateId, emails } = await listOf(t.db, 3);
    const at = new Date(t.clock.now().getTime() + 3_600_000);
    const res = await startSend(listId, templateId, { scheduled_at: at.toISOString() });
    expect(res.statusCode, res.body).toBe(201);
    const send = res.json().data;
    expect(send).toMatchObject({ status: 'scheduled', scheduled_at: at.toISOString(), started_at: null, total: 0 });
    const mark = smtp.received.length;
    await t.drainJobs();
    expect(smtp.received.length).toBe(mark);
    // A bounce before the start is respected by it.
    await postBounce(signed({ email: emails[0], type: 'hard', reason: '550 gone' }));

    t.clock.advance(3_600_000 + 1000);
    await t.drainJobs();
    expect(await sendRecord(send.id)).toMatchObject({ status: 'done', total: 2, sent: 2, skipped: 1, undeliverable: 1 });
    expect(smtp.received.slice(mark).map(to).sort()).toEqual(emails.slice(1).sort());
    expect(await t.audit('start_scheduled_mailing_send', send.id)).toHaveLength(1);
  });

  it('a cancelled scheduled send never starts', async () => {
    const { listId, templateId } = await listOf(t.db, 2);
    const res = await startSend(listId, templateId, { scheduled_at: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    const id = res.json().data.id as number;
    const cancelled = await t.post('/api/crm/cancelsend', { id }, { token: await t.tokenFor('admin') });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    const again = await t.post('/api/crm/cancelsend', { id }, { token: await t.tokenFor('admin') });
    expect(again.statusCode).toBe(409);
    const mark = smtp.received.length;
    t.clock.advance(120_000);
    await t.drainJobs();
    expect(smtp.received.length).toBe(mark);
    expect(await sendRecord(id)).toMatchObject({ status: 'cancelled', total: 0, started_at: null });
    const [job] = await t.db.select().from(jobs).where(eq(jobs.dedupeKey, `mailing_send_start:${id}`));
    expect(job.status).toBe('cancelled');
  });

  it('starts once with two app instances on one database, each running its job worker', { timeout: 60_000 }, async () => {
    const { listId, templateId, emails } = await listOf(t.db, 30);
    const res = await startSend(listId, templateId, { scheduled_at: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    const id = res.json().data.id as number;
    // On PostgreSQL the second instance has a connection pool of its own, as another server would;
    // the embedded database has one connection per process, so there the two apps share it.
    const otherDb = onPostgres ? await openDatabase({ ...connectionsTo(await databaseName(t.db)), dataDir: null }) : { db: t.db, close: async () => undefined };
    const otherMailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, FROM);
    const other = await buildApp({ db: otherDb.db, mailer: otherMailer, jwtSecret: TEST_JWT_SECRET, publicUrl: PUBLIC_URL, now: t.clock.now });
    const mark = smtp.received.length;
    t.clock.advance(61_000);
    // Both wake at once: both look for the due start job in the same instant.
    t.app.jobs.start();
    other.jobs.start();
    try {
      const end = Date.now() + 50_000;
      while ((await sendRecord(id)).status !== 'done') {
        if (Date.now() > end) throw new Error('the scheduled send did not finish');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await t.app.jobs.stop();
      await other.close();
      await otherMailer.close();
      await otherDb.close();
    }
    const delivered = smtp.received.slice(mark).map(to);
    expect(delivered.sort()).toEqual([...emails].sort());
    expect(await t.audit('start_scheduled_mailing_send', id)).toHaveLength(1);
    const startJobs = await t.db.select().from(jobs).where(eq(jobs.dedupeKey, `mailing_send_start:${id}`));
    expect(startJobs).toHaveLength(1);
    expect(startJobs[0]).toMatchObject({ status: 'done', attempts: 1 });
    expect(await sendRecord(id)).toMatchObject({ total: 30, sent: 30 });
    // A worker that took the job over after a lost lease runs it again: the send is no longer scheduled, nothing starts.
    await scheduledStartHandler({ db: t.db, now: t.clock.now }).run(startJobs[0], t.clock.now());
    expect(await t.audit('start_scheduled_mailing_send', id)).toHaveLength(1);
    expect((await t.drainJobs(), smtp.received.length)).toBe(mark + emails.length);
  });
});

describe('the sliding-window cap', () => {
  it('mails at most MAIL_WINDOW_CAP messages per window across sends, and the rest once the window has moved on', { timeout: 60_000 }, async () => {
    // Earlier tests' mail leaves the window first.
    t.clock.advance(2 * 3_600_000);
    const mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, FROM);
    const worker = new JobWorker({
      db: t.db,
      handlers: [mailingLaneHandler({ db: t.db, mailer, publicUrl: PUBLIC_URL, now: t.clock.now, mailRatePerSecond: 0, mailWindow: { cap: 4, seconds: 3600 } })],
      now: t.clock.now,
    });
    try {
      const a = await listOf(t.db, 3);
      const b = await listOf(t.db, 3);
      const mark = smtp.received.length;
      const first = (await startSend(a.listId, a.templateId)).json().data.id as number;
      const second = (await startSend(b.listId, b.templateId)).json().data.id as number;
      await worker.drain();
      expect(smtp.received.length - mark).toBe(4);
      const sent = async () => ((await sendRecord(first)).sent as number) + ((await sendRecord(second)).sent as number);
      expect(await sent()).toBe(4);

      // Half a window later the four are still in it.
      t.clock.advance(1_800_000);
      await worker.drain();
      expect(smtp.received.length - mark).toBe(4);

      t.clock.advance(1_800_000 + 1000);
      await worker.drain();
      expect(smtp.received.slice(mark).map(to).sort()).toEqual([...a.emails, ...b.emails].sort());
      expect(await sendRecord(first)).toMatchObject({ status: 'done', sent: 3 });
      expect(await sendRecord(second)).toMatchObject({ status: 'done', sent: 3 });
    } finally {
      await worker.stop();
      await mailer.close();
    }
  });
});
