import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { branches, clients, jobs, mailingDeliveries, mailingSends, unsubscribes } from '../../server/db/schema';
import { MAX_DELIVERY_ATTEMPTS } from '../../server/modules/crm/mailing/lane';
import { queueMail } from '../../server/mail/queue';
import { useTestApp } from './support/app';
import { HOUR } from './support/clock';

const t = useTestApp();

let counter = 0;
type ClientInput = Partial<typeof clients.$inferInsert>;

/** Clients made straight in the database: this file is about lists, not about creating members. */
async function makeClients(n: number, fields: ClientInput = {}) {
  const tag = `${Date.now().toString(36)}${++counter}`;
  const rows = await t.db
    .insert(clients)
    .values(
      Array.from({ length: n }, (_, i) => ({
        type: 'stockist' as const,
        name: `Member ${tag}-${i}`,
        contactName: `Contact ${tag}-${i}`,
        email: `m${i}.${tag}@list.test`,
        membershipStatus: 'active' as const,
        ...fields,
      })),
    )
    .returning({ id: clients.id, email: clients.email, name: clients.name });
  return rows;
}

async function admin() {
  return { token: await t.tokenFor('admin') };
}

async function saveTemplate(body: Record<string, unknown>) {
  const res = await t.post('/api/crm/savetemplate', body, await admin());
  return res;
}

async function createTemplate(fields: Record<string, unknown> = {}) {
  const res = await saveTemplate({ name: `Template ${++counter}`, subject: 'Hello {{client_name}}', body: '<p>Dear {{contact_name}}, see {{portal_link}}</p>', ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string; subject: string; body: string; send_count: number };
}

async function createList(clientIds: number[] = [], name = `List ${++counter}`) {
  const res = await t.post('/api/crm/savemailinglist', { name, description: 'for a test' }, await admin());
  expect(res.statusCode, res.body).toBe(201);
  const list = res.json().data as { id: number; client_count: number };
  if (clientIds.length) {
    const added = await t.post('/api/crm/savemailinglistclients', { id: list.id, client_ids: clientIds }, await admin());
    expect(added.statusCode, added.body).toBe(200);
  }
  return list;
}

interface Send {
  id: number;
  status: string;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  queued: number;
  rate_per_s: number;
  seconds_left: number | null;
}

async function startSend(listId: number, templateId: number, key?: string) {
  return t.post('/api/crm/sendmailinglist', { id: listId, template_id: templateId }, { ...(await admin()), headers: key ? { 'idempotency-key': key } : {} });
}

async function readSend(id: number): Promise<Send> {
  const res = await t.get(`/api/crm/mailingsend?id=${id}`, await admin());
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function outboxFor(email: string) {
  return t.outbox(email);
}

describe('templates', () => {
  it('creates, reads, lists, searches, updates and deletes a template, with audit entries', async () => {
    const created = await createTemplate({ name: 'Welcome pack' });
    expect(created).toMatchObject({ name: 'Welcome pack', subject: 'Hello {{client_name}}', send_count: 0 });
    expect(await t.audit('create_template', created.id)).toHaveLength(1);

    const one = await t.get(`/api/crm/emailtemplate?id=${created.id}`, await admin());
    expect(one.json().data.body).toBe('<p>Dear {{contact_name}}, see {{portal_link}}</p>');

    const list = await t.get('/api/crm/emailtemplates?q=welcome%20pa&sort=name', await admin());
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(created.id);

    const updated = await saveTemplate({ id: created.id, name: 'Welcome pack 2', subject: 'Hi', body: '<p>x</p>' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ id: created.id, name: 'Welcome pack 2', subject: 'Hi' });

    const deleted = await t.post('/api/crm/deletetemplate', { id: created.id }, await admin());
    expect(deleted.json()).toEqual({ data: { id: created.id } });
    expect((await t.get(`/api/crm/emailtemplate?id=${created.id}`, await admin())).statusCode).toBe(404);
    expect((await t.post('/api/crm/deletetemplate', { id: created.id }, await admin())).statusCode).toBe(404);
    expect((await saveTemplate({ id: created.id, name: 'x', subject: 'x', body: '<p>x</p>' })).statusCode).toBe(404);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ subject: 's', body: '<p>b</p>' }, 'name'],
      [{ name: '   ', subject: 's', body: '<p>b</p>' }, 'name'],
      [{ name: 'n', subject: '', body: '<p>b</p>' }, 'subject'],
      [{ name: 'n', subject: 's', body: 42 }, 'body'],
      [{ name: 'n', subject: 's', body: '<script>alert(1)</script>' }, 'body'],
      [{ name: 'n', subject: 'Hi {{first_name}}', body: '<p>b</p>' }, 'subject'],
      [{ name: 'n', subject: 's', body: '<p>{{ nonsense }}</p>' }, 'body'],
      [{ name: 'n', subject: 's', body: '<p>b</p>', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await saveTemplate(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
    }
  });

  it('sanitises the body on save: no script, event handlers or javascript: URLs; the editor formatting stays', async () => {
    const dirty = [
      '<h1 onclick="steal()">Title</h1>',
      '<p style="text-align: center; position: fixed">Hi <strong>there</strong> <em>you</em> <u>u</u> <s>s</s></p>',
      '<script>alert(1)</script><style>p{}</style><iframe src="https://evil.test"></iframe>',
      '<a href="javascript:alert(1)">bad</a> <a href="JaVaScRiPt&#58;alert(1)">bad2</a> <a href=" java\tscript:x">bad3</a>',
      '<a href="{{client_name}}">placeholder as address</a>',
      '<a href="https://example.com/?ref={{client_name}}" target="_blank">ok</a> <a href="{{portal_link}}/products">portal</a>',
      '<img src="x" onerror="alert(1)"><img src="http://plain.test/a.png"><img src="https://cdn.test/a.png" alt="a">',
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><br><mark>m</mark>',
      '<svg onload="alert(1)"></svg><form action="https://x"><input></form>',
    ].join('');
    const template = await createTemplate({ body: dirty });
    const body = template.body;
    expect(body).not.toMatch(/script|onclick|onerror|onload|iframe|<style|<svg|<form|<input|javascript/i);
    expect(body).toContain('<h1>Title</h1>');
    expect(body).toContain('<p style="text-align:center">Hi <strong>there</strong> <em>you</em> <u>u</u> <s>s</s></p>');
    expect(body).toContain('<a>bad</a>');
    expect(body).toContain('<a>placeholder as address</a>');
    expect(body).toContain('<a target="_blank" href="https://example.com/?ref={{client_name}}">ok</a>');
    expect(body).toContain('<a href="{{portal_link}}/products">portal</a>');
    expect(body).toContain('<img alt="a" src="https://cdn.test/a.png" />');
    expect(body).not.toContain('plain.test');
    expect(body).toContain('<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><br /><mark>m</mark>');
  });

  it('lists the placeholders', async () => {
    const res = await t.get('/api/crm/placeholders', await admin());
    expect(res.json().data.map((p: { key: string }) => p.key)).toEqual([
      'client_name',
      'contact_name',
      'email',
      'membership_expires_at',
      'portal_link',
      'unsubscribe_link',
    ]);
  });

  it('previews for a chosen client with values HTML-escaped, a plain-text part, and nothing unsafe', async () => {
    const [client] = await makeClients(1, {
      name: '<img src=x onerror=alert(1)> & "Sons"',
      contactName: 'javascript:alert(1)',
      membershipExpiresAt: new Date('2027-03-15T10:00:00Z'),
    });
    const res = await t.post(
      '/api/crm/previewtemplate',
      {
        client_id: client.id,
        subject: 'For {{client_name}}',
        body: '<h2>Dear {{contact_name}}</h2><p>{{client_name}} expires {{membership_expires_at}}</p><a href="{{contact_name}}">x</a><script>bad()</script><a href="{{portal_link}}">Portal</a>',
      },
      await admin(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data as { subject: string; html: string; text: string };
    expect(preview.subject).toBe('For <img src=x onerror=alert(1)> & "Sons"');
    expect(preview.html).toContain('<p>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Sons&quot; expires 15 March 2027</p>');
    expect(preview.html).not.toMatch(/<script|<img|href="javascript/i);
    expect(preview.html).toContain('<a href="http://portal.test/">Portal</a>');
    // Every message gets an unsubscribe link, even when the template has none.
    expect(preview.html).toMatch(/href="http:\/\/portal\.test\/unsubscribe\/[^"]+">Unsubscribe<\/a>/);
    expect(preview.text).toContain('Dear javascript:alert(1)');
    expect(preview.text).toContain('<img src=x onerror=alert(1)> & "Sons" expires 15 March 2027');
    expect(preview.text).not.toContain('<p>');

    const examples = await t.post('/api/crm/previewtemplate', { subject: 'S {{client_name}}', body: '<p>{{client_name}}</p>' }, await admin());
    expect(examples.json().data.html).toContain('<p>Sunrise Pharmacy</p>');
    expect((await t.post('/api/crm/previewtemplate', { subject: 's', body: '<p>b</p>', client_id: 999999 }, await admin())).statusCode).toBe(400);
  });

  it('test-sends to the calling admin through the mail queue', async () => {
    const res = await t.post('/api/crm/testsendtemplate', { subject: 'Try {{client_name}}', body: '<p>Hi {{contact_name}}</p><a href="javascript:x()">no</a>' }, await admin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ to: 'admin@example.com' });
    const mail = await outboxFor('admin@example.com');
    const last = mail[mail.length - 1];
    expect(last.subject).toBe('[Test] Try Sunrise Pharmacy');
    expect(last.html).toContain('<p>Hi Ada Admin</p>');
    expect(last.html).not.toContain('javascript');
    expect(last.text).toContain('Hi Ada Admin');
  });
});

describe('mailing lists', () => {
  it('creates, renames, adds and removes members, pages and searches them, deletes the list', async () => {
    const members = await makeClients(30);
    const list = await createList(members.map((m) => m.id));
    const read = async (query = '') => {
      const res = await t.get(`/api/crm/mailinglist?id=${list.id}${query}`, await admin());
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { list: { client_count: number; name: string }; members: { client_id: number; email: string; unsubscribed: boolean }[]; total: number };
    };
    const page1 = await read('&perPage=10&page=1&sort=client_id');
    expect(page1.list.client_count).toBe(30);
    expect(page1.total).toBe(30);
    expect(page1.members.map((m) => m.client_id)).toEqual(members.slice(0, 10).map((m) => m.id));
    const page3 = await read('&perPage=10&page=3&sort=client_id');
    expect(page3.members.map((m) => m.client_id)).toEqual(members.slice(20, 30).map((m) => m.id));

    const search = await read(`&q=${encodeURIComponent(members[7].email)}`);
    expect(search.total).toBe(1);
    expect(search.members[0].client_id).toBe(members[7].id);

    // An id already a member is ignored; removed ones leave.
    const changed = await t.post(
      '/api/crm/savemailinglistclients',
      { id: list.id, client_ids: [members[0].id, t.demo.stockist.clientId!], remove_client_ids: [members[1].id, members[2].id] },
      await admin(),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.client_count).toBe(29);

    const renamed = await t.post('/api/crm/savemailinglist', { id: list.id, name: 'Renamed list' }, await admin());
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Renamed list', description: 'for a test', client_count: 29 });

    const all = await t.get('/api/crm/mailinglists?q=renamed&sort=client_count&order=DESC', await admin());
    expect(all.json().data[0]).toMatchObject({ id: list.id, client_count: 29, unsubscribed_count: 0 });

    expect((await t.post('/api/crm/deletemailinglist', { id: list.id }, await admin())).json()).toEqual({ data: { id: list.id } });
    expect((await t.get(`/api/crm/mailinglist?id=${list.id}`, await admin())).statusCode).toBe(404);
  });

  it('refuses bad input naming the field', async () => {
    const list = await createList();
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/crm/savemailinglist', { name: '' }, 'name'],
      ['/api/crm/savemailinglist', { name: '  ' }, 'name'],
      ['/api/crm/savemailinglistclients', { id: list.id, client_ids: [99999999] }, 'client_ids'],
      ['/api/crm/savemailinglistclients', { id: list.id, client_ids: ['1'] }, 'client_ids.0'],
      ['/api/crm/savemailinglistclients', { id: list.id }, 'client_ids'],
      ['/api/crm/addsegment', { id: list.id }, 'type'],
      ['/api/crm/addsegment', { id: list.id, type: 'wizard' }, 'type'],
      ['/api/crm/addsegment', { id: list.id, membership_status: 'gold' }, 'membership_status'],
    ];
    for (const [url, body, field] of cases) {
      const res = await t.post(url, body, await admin());
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.keys(res.json().errors), `${url} ${JSON.stringify(body)}`).toContain(field);
    }
    expect((await t.post('/api/crm/savemailinglistclients', { id: 999999, client_ids: [] }, await admin())).statusCode).toBe(404);
    expect((await t.get('/api/crm/mailinglist?id=abc', await admin())).statusCode).toBe(400);
  });

  it('adds a segment (type, branch, membership status) in one statement, live clients with an email only', async () => {
    const [, , durban] = await t.db.select({ id: branches.id }).from(branches).orderBy(branches.id);
    const wanted = await makeClients(5, { type: 'individual', branchId: durban.id, membershipStatus: 'expired' });
    await makeClients(2, { type: 'individual', branchId: durban.id, membershipStatus: 'expired', archivedAt: new Date() });
    await makeClients(1, { type: 'individual', branchId: durban.id, membershipStatus: 'expired', email: '' });
    await makeClients(2, { type: 'stockist', branchId: durban.id, membershipStatus: 'expired' });
    const list = await createList();
    const res = await t.post('/api/crm/addsegment', { id: list.id, type: 'individual', branch_id: durban.id, membership_status: 'expired' }, await admin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.added).toBe(5);
    expect(res.json().data.list.client_count).toBe(5);
    const again = await t.post('/api/crm/addsegment', { id: list.id, type: 'individual', branch_id: durban.id, membership_status: 'expired' }, await admin());
    expect(again.json().data.added).toBe(0);
    const members = (await t.get(`/api/crm/mailinglist?id=${list.id}&perPage=100`, await admin())).json().data.members as { client_id: number }[];
    expect(members.map((m) => m.client_id).sort()).toEqual(wanted.map((w) => w.id).sort());
  });

  it('shows who has unsubscribed', async () => {
    const members = await makeClients(3);
    const list = await createList(members.map((m) => m.id));
    await t.db.insert(unsubscribes).values({ clientId: members[1].id, via: 'admin' });
    const res = await t.get(`/api/crm/mailinglist?id=${list.id}&sort=client_id`, await admin());
    const data = res.json().data;
    expect(data.list.unsubscribed_count).toBe(1);
    expect(data.members.map((m: { unsubscribed: boolean }) => m.unsubscribed)).toEqual([false, true, false]);
    const only = await t.get(`/api/crm/mailinglist?id=${list.id}&unsubscribed=true`, await admin());
    expect(only.json().data.members.map((m: { client_id: number }) => m.client_id)).toEqual([members[1].id]);
  });
});

describe('sending', () => {
  it('sends a template to a list: one delivery per member, skipped ones counted, placeholders filled and escaped, headers set', async () => {
    const members = await makeClients(4);
    const [archived] = await makeClients(1, { archivedAt: new Date() });
    const [noEmail] = await makeClients(1, { email: '' });
    const [gone] = await makeClients(1);
    await t.db.insert(unsubscribes).values({ clientId: gone.id, via: 'link' });
    const [tricky] = await makeClients(1, { name: 'Bad <b>"co"</b> & co' });
    const list = await createList([...members, archived, noEmail, gone, tricky].map((m) => m.id));
    const template = await createTemplate({ subject: 'News for {{client_name}}', body: '<p>Hello {{client_name}}</p><p><a href="{{unsubscribe_link}}">Leave</a></p>' });

    const res = await startSend(list.id, template.id);
    expect(res.statusCode, res.body).toBe(201);
    const send = res.json().data as Send & { mailing_list_name: string; template_name: string };
    expect(send).toMatchObject({ status: 'running', total: 5, sent: 0, failed: 0, skipped: 3, queued: 5 });
    expect(send.mailing_list_name).toMatch(/^List /);
    expect(send.template_name).toBe(template.name);
    expect(await t.audit('start_mailing_send', send.id)).toHaveLength(1);

    await t.drainJobs();
    const done = await readSend(send.id);
    expect(done).toMatchObject({ status: 'done', total: 5, sent: 5, failed: 0, skipped: 3, queued: 0, seconds_left: null });

    const [mail] = await outboxFor(tricky.email);
    expect(mail.subject).toBe('News for Bad <b>"co"</b> & co');
    expect(mail.html).toContain('<p>Hello Bad &lt;b&gt;&quot;co&quot;&lt;/b&gt; &amp; co</p>');
    expect(mail.text).toContain('Hello Bad <b>"co"</b> & co');
    const [delivery] = await t.db.select().from(mailingDeliveries).where(and(eq(mailingDeliveries.sendId, send.id), eq(mailingDeliveries.clientId, tricky.id)));
    expect(mail.headers['Message-ID']).toBe(`<delivery-${delivery.id}@localhost>`);
    expect(delivery.messageId).toBe(mail.headers['Message-ID']);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['List-Unsubscribe']).toMatch(/^<http:\/\/portal\.test\/api\/crm\/unsubscribe\?token=[0-9]+\.[A-Za-z0-9_-]{32}>, <mailto:/);
    // Only the template's own unsubscribe link: none is added when it has one.
    expect(mail.html?.match(/unsubscribe\//g)).toHaveLength(1);

    for (const skipped of [archived, gone]) expect(await outboxFor(skipped.email)).toHaveLength(0);
    const deliveries = await t.get(`/api/crm/senddeliveries?id=${send.id}&status=skipped`, await admin());
    expect(deliveries.json().data.map((d: { error: string }) => d.error).sort()).toEqual(['archived', 'no email address', 'unsubscribed']);

    const past = await t.get(`/api/crm/mailingsends?mailing_list_id=${list.id}`, await admin());
    expect(past.json()).toMatchObject({ total: 1, data: [{ id: send.id, status: 'done', sent: 5 }] });
    const byTemplate = await t.get(`/api/crm/mailingsends?template_id=${template.id}`, await admin());
    expect(byTemplate.json().total).toBe(1);
    expect((await t.get(`/api/crm/emailtemplate?id=${template.id}`, await admin())).json().data.send_count).toBe(1);
  });

  it('the unsubscribe link works without signing in (page and RFC 8058 one-click), and the next send skips the client', async () => {
    const members = await makeClients(2);
    const list = await createList(members.map((m) => m.id));
    const template = await createTemplate();
    const first = (await startSend(list.id, template.id)).json().data as Send;
    await t.drainJobs();
    const [mail] = await outboxFor(members[0].email);
    const token = /token=([^>]+)>/.exec(mail.headers['List-Unsubscribe'])![1];
    expect(mail.html).toContain(`http://portal.test/unsubscribe/${token}`);

    const about = await t.get(`/api/crm/unsubscribe?token=${token}`);
    expect(about.statusCode, about.body).toBe(200);
    expect(about.json().data).toEqual({ email_masked: `m••••@${members[0].email.split('@')[1]}`, unsubscribed: false });

    const forged = await t.post(`/api/crm/unsubscribe?token=${token.slice(0, -2)}xx`, 'List-Unsubscribe=One-Click', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(forged.statusCode).toBe(404);
    expect((await t.get('/api/crm/unsubscribe?token=nonsense')).statusCode).toBe(404);

    const oneClick = await t.post(`/api/crm/unsubscribe?token=${token}`, 'List-Unsubscribe=One-Click', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json().data.unsubscribed).toBe(true);
    const [row] = await t.db.select().from(unsubscribes).where(eq(unsubscribes.clientId, members[0].id));
    expect(row).toMatchObject({ via: 'one-click', sendId: first.id });
    // Twice is fine.
    expect((await t.post(`/api/crm/unsubscribe?token=${token}`)).statusCode).toBe(200);

    t.clock.advance(HOUR);
    const second = (await startSend(list.id, template.id)).json().data as Send;
    expect(second).toMatchObject({ total: 1, skipped: 1 });
    await t.drainJobs();
    expect(await outboxFor(members[0].email)).toHaveLength(1);
    expect(await outboxFor(members[1].email)).toHaveLength(2);
  });

  it('one send per Idempotency-Key (201 then 200), and a double click without a key answers the running send', async () => {
    const members = await makeClients(3);
    const list = await createList(members.map((m) => m.id));
    const template = await createTemplate();
    const first = await startSend(list.id, template.id, 'send-key-1');
    const again = await startSend(list.id, template.id, 'send-key-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);

    // Racing requests with one key still make one send.
    const raced = await Promise.all([startSend(list.id, template.id, 'send-key-2'), startSend(list.id, template.id, 'send-key-2')]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(raced[0].json().data.id).toBe(raced[1].json().data.id);

    const otherList = await createList(members.map((m) => m.id));
    const click1 = await startSend(otherList.id, template.id);
    const click2 = await startSend(otherList.id, template.id);
    expect([click1.statusCode, click2.statusCode]).toEqual([201, 200]);
    expect(click2.json().data.id).toBe(click1.json().data.id);

    await t.drainJobs();
    for (const m of members) expect(await outboxFor(m.email)).toHaveLength(3);

    // Once that send is done (or the window passed), a new click is a new send.
    t.clock.advance(60_000);
    expect((await startSend(otherList.id, template.id)).statusCode).toBe(201);
    await t.drainJobs();
  });

  it('refuses a send to a missing list or template, and bad input', async () => {
    const list = await createList();
    const template = await createTemplate();
    expect((await startSend(999999, template.id)).statusCode).toBe(404);
    expect((await startSend(list.id, 999999)).statusCode).toBe(404);
    const bad = await t.post('/api/crm/sendmailinglist', { id: list.id }, await admin());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('template_id');
    const empty = await startSend(list.id, template.id);
    expect(empty.statusCode).toBe(201);
    expect(empty.json().data).toMatchObject({ status: 'done', total: 0 });
  });

  it('refuses (409) to delete a list or template while a send uses it, and allows it once the send is over', async () => {
    const members = await makeClients(2);
    const list = await createList(members.map((m) => m.id));
    const template = await createTemplate();
    const send = (await startSend(list.id, template.id)).json().data as Send;
    const deleteList = () => t.post('/api/crm/deletemailinglist', { id: list.id }, { token: adminToken });
    const deleteTemplate = () => t.post('/api/crm/deletetemplate', { id: template.id }, { token: adminToken });
    const adminToken = (await admin()).token;
    for (const attempt of [deleteList, deleteTemplate]) {
      const res = await attempt();
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toHaveProperty('id');
    }
    await t.post('/api/crm/pausesend', { id: send.id }, { token: adminToken });
    expect((await deleteList()).statusCode).toBe(409);
    await t.post('/api/crm/resumesend', { id: send.id }, { token: adminToken });
    await t.drainJobs();
    expect((await deleteTemplate()).statusCode).toBe(200);
    expect((await deleteList()).statusCode).toBe(200);
    // The past send keeps its names and figures.
    expect(await readSend(send.id)).toMatchObject({ status: 'done', sent: 2 });
    const past = (await t.get(`/api/crm/mailingsend?id=${send.id}`, { token: adminToken })).json().data;
    expect(past).toMatchObject({ mailing_list_id: null, template_id: null, template_name: template.name });
  });

  it('pauses, resumes and cancels; wrong transitions are 409', async () => {
    const members = await makeClients(45);
    const list = await createList(members.map((m) => m.id));
    const template = await createTemplate();
    const token = (await admin()).token;
    const act = (action: string, id: number) => t.post(`/api/crm/${action}send`, { id }, { token });

    const send = (await startSend(list.id, template.id)).json().data as Send;
    const paused = await act('pause', send.id);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data.status).toBe('paused');
    await t.drainJobs();
    expect(await readSend(send.id)).toMatchObject({ status: 'paused', sent: 0, queued: 45 });
    expect((await act('pause', send.id)).statusCode).toBe(409);

    expect((await act('resume', send.id)).json().data.status).toBe('running');
    expect((await act('resume', send.id)).statusCode).toBe(409);
    await t.drainJobs();
    expect(await readSend(send.id)).toMatchObject({ status: 'done', sent: 45, queued: 0 });
    expect((await act('cancel', send.id)).statusCode).toBe(409);

    const second = (await startSend(list.id, template.id, 'to-cancel')).json().data as Send;
    const cancelled = await act('cancel', second.id);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', sent: 0 });
    await t.drainJobs();
    expect(await readSend(second.id)).toMatchObject({ status: 'cancelled', sent: 0 });
    const counts = await t.db
      .select({ status: mailingDeliveries.status, n: sql<number>`count(*)::int` })
      .from(mailingDeliveries)
      .where(eq(mailingDeliveries.sendId, second.id))
      .groupBy(mailingDeliveries.status);
    expect(counts).toEqual([{ status: 'cancelled', n: 45 }]);
    for (const action of ['resume', 'pause', 'retry', 'cancel']) expect((await act(action, second.id)).statusCode).toBe(409);
    expect((await act('pause', 999999)).statusCode).toBe(404);
    for (const m of members.slice(0, 3)) expect(await outboxFor(m.email)).toHaveLength(1);
  });

  it('retries a failing delivery with backoff, fails it with the reason after the last attempt, and retrysend sends it again', async () => {
    const members = await makeClients(3);
    const list = await createList(members.map((m) => m.id));
    const template = await createTemplate();
    const refused = members[1].email;
    let down = true;
    const flaky = await t.variant({
      mailer: {
        kind: 'outbox',
        from: 'Members Portal <no-reply@localhost>',
        async send(message) {
          if (down && message.to === refused) throw Object.assign(new Error('421 try again later'), { responseCode: 421 });
          await t.db.execute(sql`insert into mail_outbox ("to", subject, text, html, headers) values (${message.to}, ${message.subject}, ${message.text}, ${message.html ?? null}, ${JSON.stringify({ 'Message-ID': message.messageId })}::jsonb)`);
        },
        async close() {},
      },
    });
    let token = (await admin()).token;
    const res = await flaky.inject({ method: 'POST', url: '/api/crm/sendmailinglist', payload: { id: list.id, template_id: template.id }, headers: { authorization: `Bearer ${token}` } });
    const send = res.json().data as Send;
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      await flaky.jobs.drain();
      t.clock.advance(2 * HOUR);
    }
    await flaky.jobs.drain();
    token = (await admin()).token;
    const after = await readSend(send.id);
    expect(after).toMatchObject({ status: 'done', sent: 2, failed: 1 });
    const failedRes = await t.get(`/api/crm/senddeliveries?id=${send.id}&status=failed`, { token });
    expect(failedRes.statusCode, failedRes.body).toBe(200);
    const failed = failedRes.json();
    expect(failed.total).toBe(1);
    expect(failed.data[0]).toMatchObject({ email: refused, attempts: MAX_DELIVERY_ATTEMPTS, error: '421 try again later' });

    down = false;
    const retried = await t.post('/api/crm/retrysend', { id: send.id }, { token });
    expect(retried.json().data).toMatchObject({ status: 'running', failed: 0 });
    await flaky.jobs.drain();
    expect(await readSend(send.id)).toMatchObject({ status: 'done', sent: 3, failed: 0 });
    expect(await outboxFor(refused)).toHaveLength(1);
    expect((await t.post('/api/crm/retrysend', { id: send.id }, { token })).statusCode).toBe(409);
  });

  it('reports the rate and the time left while running', async () => {
    const members = await makeClients(20);
    const list = await createList(members.map((m) => m.id));
    const template = await createTemplate();
    const send = (await startSend(list.id, template.id)).json().data as Send;
    // Half of the deliveries as if sent a moment ago.
    await t.db.execute(sql`update mailing_deliveries set status = 'sent', sent_at = now() where id in (
      select id from mailing_deliveries where send_id = ${send.id} order by id limit 10)`);
    await t.db.update(mailingSends).set({ startedAt: new Date(Date.now() - 5000), sent: 10 }).where(eq(mailingSends.id, send.id));
    const progress = await readSend(send.id);
    expect(progress).toMatchObject({ status: 'running', sent: 10, queued: 10 });
    expect(progress.rate_per_s).toBeCloseTo(2, 0);
    expect(progress.seconds_left).toBeGreaterThanOrEqual(4);
    expect(progress.seconds_left).toBeLessThanOrEqual(6);
    await t.drainJobs();
  });
});

describe('mail queue', () => {
  it('lists queued, sent and failed mail with errors, and retries a failed one', async () => {
    const ids = await t.db.transaction(async (tx) => [
      await queueMail(tx, { to: 'queue-one@example.com', subject: 'Queue one', text: 'x' }, { ref: 'test:1' }),
      await queueMail(tx, { to: 'queue-two@example.com', subject: 'Queue two', text: 'x' }, { ref: 'test:2' }),
    ]);
    await t.db.update(jobs).set({ status: 'failed', lastError: '550 no such user', attempts: 8 }).where(eq(jobs.id, ids[1]!));
    const token = (await admin()).token;
    const failed = await t.get('/api/crm/mailqueue?status=failed&q=queue-two', { token });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ total: 1, data: [{ id: ids[1], to: 'queue-two@example.com', subject: 'Queue two', status: 'failed', last_error: '550 no such user', attempts: 8, ref: 'test:2' }] });
    const queued = await t.get('/api/crm/mailqueue?status=queued&q=Queue%20one', { token });
    expect(queued.json().data.map((m: { id: number }) => m.id)).toEqual([ids[0]]);

    expect((await t.post('/api/crm/retrymail', { id: ids[0] }, { token })).statusCode).toBe(409);
    const retried = await t.post('/api/crm/retrymail', { id: ids[1] }, { token });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await outboxFor('queue-two@example.com')).toHaveLength(1);
    const done = await t.get('/api/crm/mailqueue?status=done&q=queue-two', { token });
    expect(done.json().data[0]).toMatchObject({ id: ids[1], status: 'done' });
    expect((await t.post('/api/crm/retrymail', { id: 99999999 }, { token })).statusCode).toBe(404);
    expect(await t.audit('retry_mail', ids[1]!)).toHaveLength(1);
  });
});

describe('demo data', () => {
  it('has the welcome, renewal and newsletter templates, two lists of demo clients and a past send', async () => {
    const token = (await admin()).token;
    const names = (await t.get('/api/crm/emailtemplates?perPage=100', { token })).json().data.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Welcome to the portal', 'Membership renewal reminder', 'Monthly newsletter']));
    const lists = (await t.get('/api/crm/mailinglists?q=&perPage=100', { token })).json().data as { name: string; client_count: number; id: number }[];
    const stockists = lists.find((l) => l.name === 'Stockists')!;
    expect(stockists.client_count).toBeGreaterThan(0);
    expect(lists.find((l) => l.name === 'Active members')!.client_count).toBeGreaterThan(0);
    const past = (await t.get(`/api/crm/mailingsends?mailing_list_id=${stockists.id}`, { token })).json();
    expect(past.data[0]).toMatchObject({ status: 'done', template_name: 'Membership renewal reminder', total: stockists.client_count, sent: stockists.client_count });
  });
});

describe('access', () => {
  const calls: [method: 'GET' | 'POST', url: string, body?: Record<string, unknown>][] = [
    ['GET', '/api/crm/emailtemplates'],
    ['GET', '/api/crm/emailtemplate?id=1'],
    ['POST', '/api/crm/savetemplate', { name: 'n', subject: 's', body: '<p>b</p>' }],
    ['POST', '/api/crm/deletetemplate', { id: 1 }],
    ['GET', '/api/crm/placeholders'],
    ['POST', '/api/crm/previewtemplate', { subject: 's', body: '<p>b</p>' }],
    ['POST', '/api/crm/testsendtemplate', { subject: 's', body: '<p>b</p>' }],
    ['GET', '/api/crm/mailinglists'],
    ['GET', '/api/crm/mailinglist?id=1'],
    ['POST', '/api/crm/savemailinglist', { name: 'n' }],
    ['POST', '/api/crm/savemailinglistclients', { id: 1, client_ids: [] }],
    ['POST', '/api/crm/addsegment', { id: 1, type: 'stockist' }],
    ['POST', '/api/crm/deletemailinglist', { id: 1 }],
    ['POST', '/api/crm/sendmailinglist', { id: 1, template_id: 1 }],
    ['GET', '/api/crm/mailingsend?id=1'],
    ['GET', '/api/crm/mailingsends'],
    ['POST', '/api/crm/pausesend', { id: 1 }],
    ['POST', '/api/crm/resumesend', { id: 1 }],
    ['POST', '/api/crm/cancelsend', { id: 1 }],
    ['POST', '/api/crm/retrysend', { id: 1 }],
    ['GET', '/api/crm/senddeliveries?id=1'],
    ['GET', '/api/crm/mailqueue'],
    ['POST', '/api/crm/retrymail', { id: 1 }],
  ];

  it('answers 403 to every role but admin, and 401 without a token, on every call', async () => {
    for (const role of ['production', 'reseller', 'stockist', 'individual'] as const) {
      const token = await t.tokenFor(role);
      for (const [method, url, body] of calls) {
        const res = method === 'GET' ? await t.get(url, { token }) : await t.post(url, body, { token });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url, body] of calls) {
      const res = method === 'GET' ? await t.get(url) : await t.post(url, body);
      expect(res.statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
  });
});
