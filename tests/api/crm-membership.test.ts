import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, jobs, leads, membershipQuestions, membershipTokens, orders, products, users } from '../../server/db/schema';
import type { RoleName } from '../../server/auth/roles';
import { MEMBERSHIP_TOKEN_DAYS, hashToken } from '../../server/modules/crm/membership/tokens';
import { runRenewals } from '../../server/modules/crm/membership/renewals';
import { mailLocales, mailTemplates, renderMail } from '../../server/modules/crm/membership/mailMessages';
import { MAX_IMPORT_ROWS } from '../../server/modules/crm/membership/import';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { outboxMailer } from '../../server/mail/mailer';
import { PUBLIC_URL, TEST_JWT_SECRET, useTestApp } from './support/app';

const t = useTestApp();
const DAY = 86400_000;

let counter = 0;
const freshEmail = (prefix = 'member') => `${prefix}.${++counter}.${Date.now().toString(36)}@membership.test`;

async function admin(url: string, body?: unknown) {
  const token = await t.tokenFor('admin');
  return body === undefined ? t.get(url, { token }) : t.post(url, body, { token });
}

/** A member request as /register leaves it (written directly: the registration itself is crm-leads' subject). */
async function request(fields: Partial<typeof leads.$inferInsert> = {}) {
  const [lead] = await t.db
    .insert(leads)
    .values({ name: 'Hilltop Pharmacy', contactName: 'Hannah Hill', email: freshEmail('request'), phone: '+27 11 555 0000', clientType: 'stockist', source: 'register', locale: 'en', ...fields })
    .returning();
  return lead;
}

/** The completion token in the last link mailed to `to` (read from the outbox). */
async function linkTokenFor(to: string): Promise<string> {
  const mails = await t.outbox(to);
  const links = mails.map((m) => /\/complete\/membership\/([A-Za-z0-9_-]+)/.exec(m.text)?.[1]).filter(Boolean) as string[];
  expect(links.length, `no completion link mailed to ${to}`).toBeGreaterThan(0);
  return links[links.length - 1];
}

async function approve(leadId: number) {
  const res = await admin('/api/crm/auth_membership', { lead_id: leadId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.client_id as number;
}

/** Answers to the demo's questions: the two required ones (text, yes/no) and a choice. */
async function validAnswers(): Promise<Record<string, string>> {
  const questions = await t.db.select().from(membershipQuestions).where(eq(membershipQuestions.active, true));
  const answers: Record<string, string> = {};
  for (const q of questions) {
    if (q.kind === 'text' && q.required) answers[q.id] = 'From a friend';
    if (q.kind === 'yes_no' && q.required) answers[q.id] = 'yes';
    if (q.kind === 'choice') answers[q.id] = q.choices[0];
  }
  return answers;
}

const finalise = (token: string, body: Record<string, unknown> = {}) =>
  t.post('/api/crm/finalise_membership', { token, password: 'a-long-enough-password', ...body });

describe('the mail of this flow', () => {
  it('has every message in the five languages, with the same values as the English one', () => {
    const placeholders = (texts: string[]) => [...new Set(texts.join(' ').match(/\{\w+\}/g) ?? [])].sort();
    for (const [name, catalogue] of Object.entries(mailTemplates)) {
      expect(Object.keys(catalogue).sort(), name).toEqual([...mailLocales].sort());
      const english = placeholders([catalogue.en.subject, ...catalogue.en.paragraphs]);
      for (const locale of mailLocales) {
        const template = catalogue[locale];
        expect(placeholders([template.subject, ...template.paragraphs]), `${name}.${locale}`).toEqual(english);
        expect(Boolean(template.action), `${name}.${locale} action`).toBe(Boolean(catalogue.en.action));
      }
    }
  });

  it('has a plain-text and an escaped HTML part, leaves out a paragraph whose value is empty, and keeps the subject on one line', () => {
    const values = { name: 'A <b>', email: 'a@x.test', contact_name: 'C', phone: '1', type: 'stockist', message: '' };
    const mail = renderMail('requestReceived', 'en', { ...values, name: 'Evil\r\nBcc: x@y' }, 'http://portal.test/member-requests?a=1&b=2');
    expect(mail.subject).toBe('New member request: Evil Bcc: x@y');
    expect(mail.text).not.toContain('Message:');
    expect(mail.html).toContain('href="http://portal.test/member-requests?a=1&amp;b=2"');
    const html = renderMail('requestReceived', 'ar', { ...values, message: '<script>' }).html;
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('A &lt;b&gt;');
  });
});

describe('who may call the membership calls', () => {
  const adminCalls: [string, string, unknown?][] = [
    ['POST', '/api/crm/auth_membership', { lead_id: 1 }],
    ['POST', '/api/crm/reject_lead', { id: 1, reason: 'no' }],
    ['POST', '/api/crm/add_member', { type: 'stockist', name: 'X', email: 'x@example.com' }],
    ['POST', '/api/crm/send_membership_reminder', { client_id: 1 }],
    ['GET', '/api/crm/questions'],
    ['POST', '/api/crm/savequestion', { text: { en: 'Q?' }, kind: 'text' }],
    ['POST', '/api/crm/deletequestion', { id: 1 }],
    ['POST', '/api/crm/import_members', { csv: 'type,name,email\n', commit: false }],
  ];
  const others: RoleName[] = ['stockist', 'individual', 'production', 'reseller'];

  it.each(adminCalls)('%s %s: 401 without a token, 403 for every role but admin', async (method, url, body) => {
    const call = (token?: string) => (method === 'GET' ? t.get(url, { token }) : t.post(url, body, { token }));
    expect((await call()).statusCode).toBe(401);
    for (const role of others) expect((await call(await t.tokenFor(role))).statusCode, role).toBe(403);
  });

  it('the public calls answer without a token', async () => {
    expect((await t.get('/api/crm/completion_data/forged-token-forged-token-forged')).statusCode).toBe(404);
    expect((await finalise('forged-token-forged-token-forged')).statusCode).toBe(404);
    expect((await t.get('/api/crm/registration_options')).statusCode).toBe(200);
  });
});

describe('approval (crm/auth_membership)', () => {
  it('makes an approved client in the lead’s language, converts the lead and emails the link, all at once', async () => {
    const lead = await request({ locale: 'es', branchId: null, name: 'Farmacia <Luz>' });
    const clientId = await approve(lead.id);

    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client).toMatchObject({ type: 'stockist', name: 'Farmacia <Luz>', email: lead.email, membershipStatus: 'approved', locale: 'es' });
    const [after] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after).toMatchObject({ status: 'converted', clientId });
    expect(await t.audit('approve_membership', lead.id)).toHaveLength(1);

    const [mail] = await t.outbox(lead.email);
    expect(mail.subject).toBe('Complete su membresía');
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL}/complete/membership/[A-Za-z0-9_-]{32}`));
    expect(mail.text).toContain(`${MEMBERSHIP_TOKEN_DAYS} días`);
    expect(mail.html).toContain('Farmacia &lt;Luz&gt;');
    expect(mail.html).toContain('lang="es"');

    // Only the hash of the 192-bit token is stored.
    const token = await linkTokenFor(lead.email);
    const stored = await t.db.select().from(membershipTokens).where(eq(membershipTokens.clientId, clientId));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).toBe(hashToken(token));
    expect(stored[0].tokenHash).not.toContain(token);
    expect(Buffer.from(token, 'base64url')).toHaveLength(24);
    expect(stored[0].expiresAt.getTime() - stored[0].createdAt.getTime()).toBe(MEMBERSHIP_TOKEN_DAYS * DAY);
  });

  it('approving twice (even at once) answers the same client and makes nothing new', async () => {
    const lead = await request();
    const [a, b] = await Promise.all([admin('/api/crm/auth_membership', { lead_id: lead.id }), admin('/api/crm/auth_membership', { lead_id: lead.id })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.client_id).toBe(b.json().data.client_id);
    const again = await approve(lead.id);
    expect(again).toBe(a.json().data.client_id);
    expect(await t.db.select().from(clients).where(sql`lower(${clients.email}) = ${lead.email}`)).toHaveLength(1);
    expect(await t.db.select().from(membershipTokens).where(eq(membershipTokens.clientId, again))).toHaveLength(1);
    expect(await t.outbox(lead.email)).toHaveLength(1);
  });

  it('refuses an email that belongs to a user or a live client (409 naming email) and changes nothing', async () => {
    for (const email of ['individual@example.com', 'orders@karoohealth.example.com']) {
      const lead = await request({ email, source: 'manual' });
      const res = await admin('/api/crm/auth_membership', { lead_id: lead.id });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().errors).toHaveProperty('email');
      const [after] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
      expect(after.status).toBe('new');
    }
  });

  it('a lead without an email is a 400 naming email; an unknown lead a 404', async () => {
    const lead = await request({ email: '', source: 'manual' });
    const res = await admin('/api/crm/auth_membership', { lead_id: lead.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('email');
    expect((await admin('/api/crm/auth_membership', { lead_id: 999_999 })).statusCode).toBe(404);
    expect((await admin('/api/crm/auth_membership', {})).json().errors).toHaveProperty('lead_id');
  });
});

describe('reject (crm/reject_lead)', () => {
  it('makes the lead lost with the reason and emails the reason in the lead’s language', async () => {
    const lead = await request({ locale: 'fr' });
    const res = await admin('/api/crm/reject_lead', { id: lead.id, reason: 'Zone <non> desservie' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: lead.id, status: 'lost', reject_reason: 'Zone <non> desservie' });
    const [mail] = await t.outbox(lead.email);
    expect(mail.subject).toBe('Votre demande d’adhésion');
    expect(mail.text).toContain('Motif : Zone <non> desservie');
    expect(mail.html).toContain('Zone &lt;non&gt; desservie');
    // A rejected request no longer waits, and the same email may register again.
    const waiting = (await admin(`/api/crm/salesleads?requests=true&q=${encodeURIComponent(lead.email)}`)).json();
    expect(waiting.total).toBe(0);
  });

  it('needs a reason, and a converted lead cannot be rejected', async () => {
    const lead = await request();
    expect((await admin('/api/crm/reject_lead', { id: lead.id, reason: '' })).json().errors).toHaveProperty('reason');
    await approve(lead.id);
    const res = await admin('/api/crm/reject_lead', { id: lead.id, reason: 'too late' });
    expect(res.statusCode).toBe(409);
  });
});

describe('add_member and send_membership_reminder', () => {
  it('add_member makes an approved member and emails the link; a taken email is a 409', async () => {
    const email = freshEmail('direct');
    const res = await admin('/api/crm/add_member', { type: 'individual', name: 'Dineo Direct', contact_name: 'Dineo', email, phone: '+27 1', branch_id: null, locale: 'zh' });
    expect(res.statusCode, res.body).toBe(201);
    const clientId = res.json().data.client_id;
    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client).toMatchObject({ type: 'individual', membershipStatus: 'approved', locale: 'zh' });
    const [mail] = await t.outbox(email);
    expect(mail.subject).toBe('完成您的会员注册');

    const taken = await admin('/api/crm/add_member', { type: 'stockist', name: 'Again', email: email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toHaveProperty('email');
    const user = await admin('/api/crm/add_member', { type: 'stockist', name: 'Again', email: 'reseller@example.com' });
    expect(user.statusCode).toBe(409);
    for (const [body, field] of [
      [{ type: 'admin', name: 'X', email: freshEmail() }, 'type'],
      [{ type: 'stockist', name: '', email: freshEmail() }, 'name'],
      [{ type: 'stockist', name: 'X', email: 'nope' }, 'email'],
      [{ type: 'stockist', name: 'X', email: freshEmail(), branch_id: 999_999 }, 'branch_id'],
    ] as const) {
      const bad = await admin('/api/crm/add_member', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().errors).toHaveProperty(field);
    }
  });

  it('a reminder sends a new link and the old one stops working', async () => {
    const lead = await request();
    const clientId = await approve(lead.id);
    const first = await linkTokenFor(lead.email);
    const res = await admin('/api/crm/send_membership_reminder', { client_id: clientId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { client_id: clientId } });
    const second = await linkTokenFor(lead.email);
    expect(second).not.toBe(first);
    const old = await t.get(`/api/crm/completion_data/${first}`);
    expect(old.statusCode).toBe(400);
    expect(old.json().errors).toEqual({ token: 'expired' });
    expect((await t.get(`/api/crm/completion_data/${second}`)).statusCode).toBe(200);
  });

  it('no reminder for a member who completed, an active member or an unknown client', async () => {
    expect((await admin('/api/crm/send_membership_reminder', { client_id: t.demo.stockist.clientId })).statusCode).toBe(409);
    expect((await admin('/api/crm/send_membership_reminder', { client_id: 999_999 })).statusCode).toBe(404);
  });
});

describe('completion (completion_data and finalise_membership)', () => {
  it('completion_data shows the client, the active questions in every language, and the language', async () => {
    const lead = await request({ locale: 'ar', clientType: 'individual', name: 'Amal', contactName: 'Amal K' });
    await approve(lead.id);
    const token = await linkTokenFor(lead.email);
    const res = await t.get(`/api/crm/completion_data/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.client).toEqual({ name: 'Amal', contact_name: 'Amal K', email: lead.email, type: 'individual' });
    expect(data.locale).toBe('ar');
    expect(data.questions.length).toBeGreaterThanOrEqual(5);
    expect(data.questions[0].text).toEqual(expect.objectContaining({ en: expect.any(String), ar: expect.any(String), es: expect.any(String), fr: expect.any(String), zh: expect.any(String) }));
    expect(data.questions.map((q: { position: number }) => q.position)).toEqual([...data.questions.map((q: { position: number }) => q.position)].sort((a, b) => a - b));
    expect(data.questions.map((q: { kind: string }) => q.kind)).toEqual(expect.arrayContaining(['text', 'yes_no', 'choice']));
  });

  it('finalise makes the user (role = client type), stores the answers, uses the token and orders the membership', async () => {
    const lead = await request({ clientType: 'individual', locale: 'fr' });
    const clientId = await approve(lead.id);
    const token = await linkTokenFor(lead.email);
    const answers = await validAnswers();
    const res = await finalise(token, { answers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { email: lead.email } });

    const [user] = await t.db.select().from(users).where(eq(users.clientId, clientId));
    expect(user.email).toBe(lead.email);
    const role = await t.db.query.roles.findFirst({ where: (r, { eq: is }) => is(r.id, user.roleId) });
    expect(role?.name).toBe('individual');
    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client.membershipStatus).toBe('pending_payment');
    expect(client.questionAnswers).toEqual(answers);
    const memberOrders = await t.db.select().from(orders).where(eq(orders.clientId, clientId));
    expect(memberOrders).toHaveLength(1);
    expect(memberOrders[0]).toMatchObject({ status: 'new', createdBy: user.id, notes: 'Membership fee' });
    const [used] = await t.db.select().from(membershipTokens).where(eq(membershipTokens.tokenHash, hashToken(token)));
    expect(used.usedAt).not.toBeNull();
    expect(await t.audit('finalise_membership', clientId)).toHaveLength(1);
    // A welcome in the member's language.
    const mails = await t.outbox(lead.email);
    expect(mails.map((m) => m.subject)).toContain('Bienvenue sur le portail des membres');

    // Single use: the same link again changes nothing.
    const again = await finalise(token, { answers, password: 'another-long-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ token: 'used' });
    expect((await t.get(`/api/crm/completion_data/${token}`)).json().errors).toEqual({ token: 'used' });
    expect(await t.db.select().from(users).where(eq(users.clientId, clientId))).toHaveLength(1);
    expect(await t.db.select().from(orders).where(eq(orders.clientId, clientId))).toHaveLength(1);
    // The member signs in with the chosen password.
    expect((await t.post('/api/auth/login', { email: lead.email, password: 'a-long-enough-password' })).statusCode).toBe(200);
  });

  it('the same link sent twice at once completes once', async () => {
    const lead = await request();
    const clientId = await approve(lead.id);
    const token = await linkTokenFor(lead.email);
    const answers = await validAnswers();
    const results = await Promise.all([finalise(token, { answers }), finalise(token, { answers, password: 'the-other-long-password' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().errors).toEqual({ token: 'used' });
    expect(await t.db.select().from(users).where(eq(users.clientId, clientId))).toHaveLength(1);
    expect(await t.db.select().from(orders).where(eq(orders.clientId, clientId))).toHaveLength(1);
  });

  it('a short password, a missing required answer or a wrong one is a 400 naming it, and nothing changes', async () => {
    const lead = await request();
    const clientId = await approve(lead.id);
    const token = await linkTokenFor(lead.email);
    const answers = await validAnswers();
    const questions = await t.db.select().from(membershipQuestions);
    const yesNo = questions.find((q) => q.kind === 'yes_no' && q.required)!;
    const choice = questions.find((q) => q.kind === 'choice')!;
    const text = questions.find((q) => q.kind === 'text' && q.required)!;
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'short-11chr' }, 'password'],
      [{ answers: { ...answers, [text.id]: '  ' } }, `answers.${text.id}`],
      [{ answers: { ...answers, [yesNo.id]: 'maybe' } }, `answers.${yesNo.id}`],
      [{ answers: { ...answers, [choice.id]: 'Something else' } }, `answers.${choice.id}`],
      [{ answers: { ...answers, 999999: 'x' } }, 'answers.999999'],
      [{ answers: {} }, `answers.${text.id}`],
    ];
    for (const [body, field] of cases) {
      const res = await finalise(token, { answers, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
    expect(await t.db.select().from(users).where(eq(users.clientId, clientId))).toHaveLength(0);
    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client.membershipStatus).toBe('approved');
    // The link still works after the refusals.
    expect((await finalise(token, { answers })).statusCode).toBe(200);
  });

  it('an expired link (14 days) and a forged one show what is wrong and change nothing', async () => {
    const lead = await request();
    const clientId = await approve(lead.id);
    const token = await linkTokenFor(lead.email);
    t.clock.advance(MEMBERSHIP_TOKEN_DAYS * DAY - 60_000);
    expect((await t.get(`/api/crm/completion_data/${token}`)).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    const expired = await t.get(`/api/crm/completion_data/${token}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors).toEqual({ token: 'expired' });
    expect(expired.json().message).toMatch(/expired/);
    const late = await finalise(token, { answers: await validAnswers() });
    expect(late.json().errors).toEqual({ token: 'expired' });

    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const bad of [forged, 'short', 'x'.repeat(90)]) {
      const res = await t.get(`/api/crm/completion_data/${bad}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().errors).toEqual({ token: 'invalid' });
      expect((await finalise(bad, { answers: await validAnswers() })).json().errors).toEqual({ token: 'invalid' });
    }
    expect(await t.db.select().from(users).where(eq(users.clientId, clientId))).toHaveLength(0);
    // A new link (a reminder) works again.
    await admin('/api/crm/send_membership_reminder', { client_id: clientId });
    expect((await t.get(`/api/crm/completion_data/${await linkTokenFor(lead.email)}`)).statusCode).toBe(200);
  });

  it('the life of a link is configurable (MEMBERSHIP_TOKEN_DAYS)', async () => {
    expect(loadConfig({ JWT_SECRET: TEST_JWT_SECRET }).membershipTokenDays).toBe(14);
    expect(loadConfig({ JWT_SECRET: TEST_JWT_SECRET, MEMBERSHIP_TOKEN_DAYS: '3' }).membershipTokenDays).toBe(3);
    for (const bad of ['0', '2.5', 'week', '400']) {
      expect(() => loadConfig({ JWT_SECRET: TEST_JWT_SECRET, MEMBERSHIP_TOKEN_DAYS: bad })).toThrow(/MEMBERSHIP_TOKEN_DAYS/);
    }
    const app = await buildApp({ db: t.db, mailer: outboxMailer(t.db), jwtSecret: TEST_JWT_SECRET, publicUrl: PUBLIC_URL, now: t.clock.now, membershipTokenDays: 3 });
    try {
      const email = freshEmail('three-days');
      const res = await app.inject({ method: 'POST', url: '/api/crm/add_member', payload: { type: 'stockist', name: 'Short Link', email }, headers: { authorization: `Bearer ${await t.tokenFor('admin')}` } });
      expect(res.statusCode, res.body).toBe(201);
      const [mail] = await t.outbox(email);
      expect(mail.text).toContain('for 3 days');
      const token = await linkTokenFor(email);
      t.clock.advance(3 * DAY + 1000);
      expect((await t.get(`/api/crm/completion_data/${token}`)).json().errors).toEqual({ token: 'expired' });
    } finally {
      await app.close();
    }
  });

  it('finalise needs token and password', async () => {
    const res = await t.post('/api/crm/finalise_membership', { answers: {} });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['token']));
  });
});

describe('membership questions', () => {
  it('the admin lists them by position, creates, updates and deletes one', async () => {
    const listed = (await admin('/api/crm/questions')).json();
    expect(listed.total).toBeGreaterThanOrEqual(5);
    expect(listed.data[0].text.en).toBe('How did you hear about us?');

    const created = await admin('/api/crm/savequestion', { text: { en: 'Shop size?', fr: 'Taille ?', es: '' }, kind: 'choice', choices: ['Small', 'Large', 'Small'], required: true, position: 9 });
    expect(created.statusCode, created.body).toBe(201);
    const question = created.json().data;
    expect(question).toMatchObject({ text: { en: 'Shop size?', fr: 'Taille ?' }, kind: 'choice', choices: ['Small', 'Large'], required: true, position: 9, active: true });

    const updated = await admin('/api/crm/savequestion', { ...question, kind: 'text', active: false });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ kind: 'text', choices: [], active: false });
    expect((await admin('/api/crm/questions?active=false')).json().data.map((q: { id: number }) => q.id)).toContain(question.id);

    expect((await admin('/api/crm/deletequestion', { id: question.id })).json()).toEqual({ data: { id: question.id } });
    expect((await admin('/api/crm/deletequestion', { id: question.id })).statusCode).toBe(404);
  });

  it.each([
    [{ text: { fr: 'Sans anglais' }, kind: 'text' }, 'text.en'],
    [{ text: { en: 'One choice' }, kind: 'choice', choices: ['Only'] }, 'choices'],
    [{ text: { en: 'Q' }, kind: 'essay' }, 'kind'],
    [{ text: { en: 'Q', de: 'Frage' }, kind: 'text' }, 'text.de'],
    [{ text: { en: 'Q' }, kind: 'text', position: -1 }, 'position'],
    [{ id: 999_999, text: { en: 'Q' }, kind: 'text' }, null],
  ])('savequestion %j is refused naming %s', async (body, field) => {
    const res = await admin('/api/crm/savequestion', body);
    if (field === null) expect(res.statusCode).toBe(404);
    else {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
  });
});

describe('import members from CSV (crm/import_members)', () => {
  const csvOf = (rows: string[]) => ['type,name,contact_name,email,phone,branch', ...rows].join('\n');

  it('previews every row with its errors and writes nothing, even with commit, while any row is wrong', async () => {
    const dup = freshEmail('dup');
    const csv = csvOf([
      `stockist,Good Shop,Gail,${freshEmail('good')},+27 1,Cape Town`,
      `individual,No Email,Ned,,+27 2,`,
      `stockist,Bad Email,Bea,not-an-email,+27 3,`,
      `stockist,Unknown Branch,Ula,${freshEmail('branch')},+27 4,Pretoria`,
      `wholesaler,Unknown Type,Uma,${freshEmail('type')},+27 5,`,
      `stockist,First,Fi,${dup},+27 6,durban`,
      `stockist,Second,Se,${dup.toUpperCase()},+27 7,`,
      `stockist,Existing Client,Ec,orders@karoohealth.example.com,+27 8,`,
      `individual,Existing User,Eu,reseller@example.com,+27 9,`,
    ]);
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(clients))[0].n;
    for (const commit of [false, true]) {
      const res = await admin('/api/crm/import_members', { csv, commit });
      expect(res.statusCode, res.body).toBe(200);
      const { rows, valid, created } = res.json().data;
      expect(valid).toBe(false);
      expect(created).toBe(0);
      expect(rows.map((r: { line: number; errors: Record<string, string> }) => [r.line, Object.keys(r.errors)])).toEqual([
        [2, []],
        [3, ['email']],
        [4, ['email']],
        [5, ['branch']],
        [6, ['type']],
        [7, []],
        [8, ['email']],
        [9, ['email']],
        [10, ['email']],
      ]);
      expect(rows[6].errors.email).toMatch(/line 7/);
    }
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(clients))[0].n).toBe(before);
  });

  it('creates every member of a valid file and emails their links, only with commit', async () => {
    const emails = [freshEmail('imp'), freshEmail('imp')];
    const csv = '\uFEFF' + csvOf([`Stockist,Imported One,Ivy,${emails[0]},+27 1,cape town`, `individual,"Imported, Two",Ian,${emails[1]},,`]);
    const preview = (await admin('/api/crm/import_members', { csv, commit: false })).json().data;
    expect(preview).toMatchObject({ valid: true, created: 0 });
    expect(await t.db.select().from(clients).where(eq(clients.email, emails[0]))).toHaveLength(0);

    const res = await admin('/api/crm/import_members', { csv, commit: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ valid: true, created: 2 });
    const [one] = await t.db.select().from(clients).where(eq(clients.email, emails[0]));
    const [two] = await t.db.select().from(clients).where(eq(clients.email, emails[1]));
    expect(one).toMatchObject({ type: 'stockist', name: 'Imported One', membershipStatus: 'approved' });
    expect(two).toMatchObject({ type: 'individual', name: 'Imported, Two', branchId: null });
    const capeTown = (await t.db.query.branches.findFirst({ where: (b, { eq: is }) => is(b.name, 'Cape Town') }))!;
    expect(one.branchId).toBe(capeTown.id);
    for (const email of emails) expect(await linkTokenFor(email)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await t.audit('import_members')).toHaveLength(1);

    // The same file again: every row is now a member already.
    const again = (await admin('/api/crm/import_members', { csv, commit: true })).json().data;
    expect(again).toMatchObject({ valid: false, created: 0 });
  });

  it('refuses a file without the needed columns (400), too many rows or too many bytes (413 naming csv)', async () => {
    const noHeader = await admin('/api/crm/import_members', { csv: 'name,phone\nX,1', commit: false });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().errors).toHaveProperty('csv');
    const empty = await admin('/api/crm/import_members', { csv: '', commit: false });
    expect(empty.statusCode).toBe(400);

    const many = csvOf(Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `stockist,S${i},C,s${i}@bulk.test,,`));
    const tooMany = await admin('/api/crm/import_members', { csv: many, commit: false });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().errors).toHaveProperty('csv');

    const big = csvOf([`stockist,${'x'.repeat(1024 * 1024)},C,big@bulk.test,,`]);
    const tooBig = await admin('/api/crm/import_members', { csv: big, commit: false });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errors).toHaveProperty('csv');
  });
});

describe('renewals (the daily job)', () => {
  async function activeMember(expiresInDays: number, locale: string | null = null) {
    const email = freshEmail('renew');
    const [client] = await t.db
      .insert(clients)
      .values({ type: 'stockist', name: 'Renewing Shop', contactName: 'Rene', email, membershipStatus: 'active', membershipExpiresAt: new Date(Date.now() + expiresInDays * DAY), locale })
      .returning();
    return client;
  }

  it('reminds 30 and 7 days before, once each, and expires the membership at its date', async () => {
    const member = await activeMember(20.5, 'es');
    // Today's run has already happened in this file; tomorrow's run finds 19.5 days left: the 30-day reminder.
    t.clock.advance(DAY);
    await t.drainJobs();
    let mails = await t.outbox(member.email);
    expect(mails.map((m) => m.subject)).toEqual(['Su membresía termina en 30 días']);
    expect(mails[0].text).toContain(member.membershipExpiresAt!.toISOString().slice(0, 10));

    // The run repeating (another instance, a retry) sends nothing twice.
    await runRenewals(t.db, PUBLIC_URL, t.clock.now());
    await t.drainJobs();
    expect(await t.outbox(member.email)).toHaveLength(1);

    t.clock.advance(13 * DAY); // 6.5 days left
    await t.drainJobs();
    t.clock.advance(DAY); // 5.5 days left: no third mail
    await t.drainJobs();
    mails = await t.outbox(member.email);
    expect(mails.map((m) => m.subject)).toEqual(['Su membresía termina en 30 días', 'Su membresía termina en 7 días']);

    t.clock.advance(6 * DAY); // past the date
    await t.drainJobs();
    const [after] = await t.db.select().from(clients).where(eq(clients.id, member.id));
    expect(after.membershipStatus).toBe('expired');
    expect(await t.audit('membership_expired', member.id)).toHaveLength(1);
    // The run that expires it sends the day's notice, once.
    mails = await t.outbox(member.email);
    expect(mails.map((m) => m.subject)).toEqual(['Su membresía termina en 30 días', 'Su membresía termina en 7 días', 'Su membresía termina hoy']);
  });

  it('runs once a day on the whole cluster (one job per day key)', async () => {
    t.clock.advance(40 * DAY);
    await t.drainJobs();
    await t.drainJobs();
    const key = `membership_renewals:${t.clock.now().toISOString().slice(0, 10)}`;
    const runs = await t.db.select().from(jobs).where(and(eq(jobs.kind, 'membership_renewals'), eq(jobs.dedupeKey, key)));
    expect(runs).toHaveLength(1);
    expect(runs[0].status).toBe('done');
  });

  it('a member found 5 days before gets the 7-day reminder only; members without an email or archived get none', async () => {
    const late = await activeMember(5);
    const archived = await activeMember(5);
    await t.db.update(clients).set({ archivedAt: new Date() }).where(eq(clients.id, archived.id));
    const result = await runRenewals(t.db, PUBLIC_URL, new Date());
    expect(result.reminded).toBeGreaterThanOrEqual(1);
    const mails = await t.outbox(late.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your membership ends in 7 days']);
    expect(await t.outbox(archived.email)).toHaveLength(0);
  });
});

describe('the membership fee is not offered in the members’ catalogue or order page', () => {
  async function fee() {
    const [row] = await t.db.select().from(products).where(eq(products.sku, 'MEMBERSHIP'));
    return row;
  }

  it('products/all, alldisplay and product leave it out for every role but admin', async () => {
    const { id } = await fee();
    for (const role of ['stockist', 'individual', 'reseller', 'production'] as const) {
      const token = await t.tokenFor(role);
      const all = (await t.get('/api/products/all?perPage=1000', { token })).json().data.map((p: { sku: string }) => p.sku);
      expect(all, role).not.toContain('MEMBERSHIP');
      expect((await t.get('/api/products/all?q=membership', { token })).json().total, role).toBe(0);
      expect((await t.get(`/api/products/all?ids=${id}`, { token })).json().data, role).toEqual([]);
      expect((await t.get('/api/products/alldisplay?perPage=1000', { token })).json().data.map((p: { sku: string }) => p.sku), role).not.toContain('MEMBERSHIP');
      expect((await t.get(`/api/products/product?id=${id}`, { token })).statusCode, role).toBe(404);
    }
    const admin = await t.tokenFor('admin');
    expect((await t.get('/api/products/all?q=membership', { token: admin })).json().data.map((p: { sku: string }) => p.sku)).toContain('MEMBERSHIP');
  });

  it('a member cannot put it on an order or a quote; the admin can', async () => {
    const { id } = await fee();
    const token = await t.tokenFor('stockist');
    const body = { client_id: t.demo.stockist.clientId, lines: [{ product_id: id, quantity: 1 }] };
    for (const url of ['/api/orders/create', '/api/orders/quote']) {
      const res = await t.post(url, body, { token });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors).toHaveProperty('lines.0.product_id');
    }
    const byAdmin = await t.post('/api/orders/quote', body, { token: await t.tokenFor('admin') });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});
