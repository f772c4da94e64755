import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, membershipQuestions } from '../../server/db/schema';
import { smtpMailer } from '../../server/mail/mailer';
import { type TestApp, PUBLIC_URL, createTestApp } from './support/app';
import { type ReceivedMail, type TestSmtp, closedPort, headerOf, partOf, startSmtp } from './support/smtp';

let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ mailer: () => smtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Members Portal <no-reply@portal.test>') });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Delivers what is queued and answers the messages the SMTP server received for `to` since `from`. */
async function deliveredTo(to: string, from: number): Promise<ReceivedMail[]> {
  await t.drainJobs();
  return smtp.received.slice(from).filter((mail) => mail.to.includes(to));
}

describe('the whole membership flow through a real SMTP server', () => {
  it('register → admin told → approve → emailed link → complete → sign in → admin activates', async () => {
    const email = `flow.${Date.now().toString(36)}@smtp-flow.test`;
    const adminToken = await t.tokenFor('admin');

    // 1. The public registration (no token), in French.
    let mark = smtp.received.length;
    const registered = await t.post(
      '/api/crm/savelead',
      { name: 'Pharmacie du Port', contact_name: 'Chloé Martin', email, phone: '+27 21 555 4321', client_type: 'stockist', branch_id: null, message: 'Bonjour !', locale: 'fr' },
      { remoteAddress: '192.0.2.10' },
    );
    expect(registered.statusCode, registered.body).toBe(201);

    // 2. The admin is told, by mail through SMTP.
    const [notice] = await deliveredTo('admin@example.com', mark);
    expect(notice, 'the admin got no notice').toBeDefined();
    expect(notice.from).toBe('no-reply@portal.test');
    expect(headerOf(notice.raw, 'Subject')).toBe('New member request: Pharmacie du Port');
    expect(partOf(notice.raw, 'text/plain')).toContain(email);
    expect(partOf(notice.raw, 'text/plain')).toContain(`${PUBLIC_URL}/member-requests`);

    // 3. The request waits; the admin approves it.
    const waiting = (await t.get(`/api/crm/salesleads?requests=true&q=${encodeURIComponent(email)}`, { token: adminToken })).json();
    expect(waiting.total).toBe(1);
    mark = smtp.received.length;
    const approved = await t.post('/api/crm/auth_membership', { lead_id: waiting.data[0].id }, { token: adminToken });
    expect(approved.statusCode, approved.body).toBe(200);
    const clientId = approved.json().data.client_id as number;

    // 4. The member's mail, in French, with a plain-text and an HTML part; the link is read from it.
    const [invitation] = await deliveredTo(email, mark);
    expect(invitation, 'the member got no link').toBeDefined();
    expect(headerOf(invitation.raw, 'Subject')).toBe('Finalisez votre adhésion');
    const text = partOf(invitation.raw, 'text/plain');
    const html = partOf(invitation.raw, 'text/html');
    expect(text).toContain('Bonjour Chloé Martin,');
    expect(html).toContain('lang="fr"');
    const link = /http:\/\/portal\.test\/complete\/membership\/([A-Za-z0-9_-]{32})/.exec(text);
    expect(link, text).not.toBeNull();
    expect(html).toContain(link![0]);
    const token = link![1];

    // 5. The completion page's data, then the member completes.
    const data = await t.get(`/api/crm/completion_data/${token}`);
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json().data).toMatchObject({ client: { name: 'Pharmacie du Port', email, type: 'stockist' }, locale: 'fr' });
    const questions = await t.db.select().from(membershipQuestions).where(eq(membershipQuestions.active, true));
    const answers = Object.fromEntries(
      questions.map((q) => [String(q.id), q.kind === 'yes_no' ? 'no' : q.kind === 'choice' ? q.choices[1] : 'Par une collègue']),
    );
    mark = smtp.received.length;
    const password = 'le-port-de-chloe-2026';
    const finalised = await t.post('/api/crm/finalise_membership', { token, password, answers });
    expect(finalised.statusCode, finalised.body).toBe(200);
    const [welcome] = await deliveredTo(email, mark);
    expect(headerOf(welcome.raw, 'Subject')).toBe('Bienvenue sur le portail des membres');

    // 6. The member signs in: core shows its client, whose membership awaits payment, with the fee order.
    const memberToken = await t.login(email, password);
    const core = (await t.get('/api/auth/core', { token: memberToken })).json().data;
    expect(core.user.client).toEqual({ id: clientId });
    expect(core.user.role.role_name).toBe('stockist');
    const own = (await t.get(`/api/clients/client?id=${clientId}`, { token: memberToken })).json().data;
    expect(own.membership_status).toBe('pending_payment');
    expect(own.question_answers).toEqual(answers);
    const memberOrders = (await t.get('/api/orders/all', { token: memberToken })).json();
    expect(memberOrders.total).toBe(1);
    expect(memberOrders.data[0]).toMatchObject({ client_id: clientId, status: 'new' });

    // 7. The admin activates the paid membership.
    const activated = await t.post('/api/clients/activate_membership', { id: clientId }, { token: adminToken });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().data.membership_status).toBe('active');
    const after = (await t.get(`/api/clients/client?id=${clientId}`, { token: memberToken })).json().data;
    expect(after.membership_status).toBe('active');
    expect(new Date(after.membership_expires_at).getTime()).toBeGreaterThan(Date.now() + 300 * 86400_000);

    // The link was single-use, and every message went over SMTP (the outbox table stayed empty).
    expect((await t.get(`/api/crm/completion_data/${token}`)).json().errors).toEqual({ token: 'used' });
    expect(await t.outbox()).toHaveLength(0);
  });

  it('an SMTP server that is down delays the link and never loses it', async () => {
    const email = `delayed.${Date.now().toString(36)}@smtp-flow.test`;
    const down = smtpMailer(`smtp://127.0.0.1:${await closedPort()}`, 'Members Portal <no-reply@portal.test>');
    try {
      // An instance whose SMTP server is down approves a member: the answer is the usual one.
      const instance = await t.variant({ mailer: down });
      const added = await instance.inject({
        method: 'POST',
        url: '/api/crm/add_member',
        payload: { type: 'individual', name: 'Delayed Member', email },
        headers: { authorization: `Bearer ${await t.tokenFor('admin')}` },
      });
      expect(added.statusCode, added.body).toBe(201);
      // Its worker tries, fails, and leaves the mail queued for a retry.
      await instance.jobs.drain();
      expect(smtp.received.some((m) => m.to.includes(email))).toBe(false);
      const [queued] = await t.db.select().from(jobs).where(and(eq(jobs.kind, 'mail'), sql`${jobs.payload}->>'to' = ${email}`));
      expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
      expect(queued.lastError).toBeTruthy();
    } finally {
      await down.close();
    }
    // Once the retry is due, a worker with a working server delivers the same link.
    const mark = smtp.received.length;
    t.clock.advance(60_000);
    const [mail] = await deliveredTo(email, mark);
    expect(headerOf(mail.raw, 'Subject')).toBe('Complete your membership');
    expect(partOf(mail.raw, 'text/plain')).toMatch(/\/complete\/membership\/[A-Za-z0-9_-]{32}/);
  });
});
