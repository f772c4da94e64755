import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplates, mailingEngagementMembers } from '../../server/db/schema';
import { smtpMailer } from '../../server/mail/mailer';
import { PUBLIC_URL, type TestApp, createTestApp } from './support/app';
import { listOf } from './support/mailing';
import { type TestSmtp, startSmtp } from './support/smtp';

/**
 * Engagement with campaign mail, through a real SMTP server — signed redirect links and
 * an open pixel in each message, counted per send and link, per member only with the setting on.
 */
let smtp: TestSmtp;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ mailer: () => smtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Members Portal <no-reply@portal.test>') });
  admin = await t.tokenFor('admin');
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const BODY =
  '<p>Hello {{contact_name}}: <a href="https://shop.example.com/offer?a=1&b=2">the offer</a>, ' +
  '<a href="https://example.org/news">news</a>, <a href="https://shop.example.com/offer?a=1&b=2">the offer again</a>, ' +
  '<a href="{{portal_link}}">your portal</a>, <a href="mailto:help@example.com">write to us</a>.</p>';

/** A send of a list of `members` (two unless told) with BODY; answers each recipient's tracked addresses, by email. */
async function sendTracked(members = 2) {
  const { listId, templateId, emails } = await listOf(t.db, members);
  await t.db.update(emailTemplates).set({ body: BODY }).where(eq(emailTemplates.id, templateId));
  const mark = smtp.received.length;
  const res = await t.post('/api/crm/sendmailinglist', { id: listId, template_id: templateId }, { token: admin });
  expect(res.statusCode, res.body).toBe(201);
  await t.drainJobs();
  const mails = new Map<string, { clicks: string[]; pixel: string; html: string }>();
  for (const received of smtp.received.slice(mark)) {
    const mail = await simpleParser(received.raw);
    const html = String(mail.html);
    const clicks = [...html.matchAll(/href="(http:\/\/portal\.test\/api\/mailing\/click\/[^"]+)"/g)].map((m) => m[1].replace(PUBLIC_URL, ''));
    const pixel = /<img src="http:\/\/portal\.test(\/api\/mailing\/open\/[^"]+)" width="1" height="1"/.exec(html)?.[1];
    expect(pixel, html).toBeDefined();
    mails.set(received.to[0], { clicks, pixel: pixel!, html });
  }
  expect([...mails.keys()].sort()).toEqual([...emails].sort());
  return { sendId: res.json().data.id as number, mails: emails.map((email) => mails.get(email)!) };
}

const click = (path: string) => t.get(path);
const report = async (sendId: number) => {
  const res = await t.get(`/api/crm/sendreport?id=${sendId}`, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('engagement tracking of campaign mail', () => {
  it('is off per member by default: links redirect to their stored addresses, opens and clicks count per send and link, forged tokens count nothing', async () => {
    expect((await t.get('/api/crm/engagementsettings', { token: admin })).json().data).toEqual({ tie_engagement_to_members: false });
    const { sendId, mails } = await sendTracked();
    const [first, second] = mails;
    // The same address twice is one link; mailto and the unsubscribe link are left as they were.
    expect(first.clicks).toHaveLength(4);
    expect(first.clicks[0]).toBe(first.clicks[2]);
    expect(first.html).toContain('href="mailto:help@example.com"');
    expect(first.html).toMatch(/href="http:\/\/portal\.test\/unsubscribe\/[^"]+"/);
    // No recipient in the tokens: send, link, signature.
    expect(first.clicks[0]).toBe(second.clicks[0]);
    expect(first.clicks[0]).toMatch(/^\/api\/mailing\/click\/\d+\.0\.[\w-]{22}$/);

    const answers = await Promise.all([click(first.clicks[0]), click(first.clicks[0]), click(second.clicks[0]), click(second.clicks[1]), click(first.clicks[3])]);
    expect(answers.map((r) => r.statusCode)).toEqual([302, 302, 302, 302, 302]);
    expect(answers[0].headers.location).toBe('https://shop.example.com/offer?a=1&b=2');
    expect(answers[3].headers.location).toBe('https://example.org/news');
    expect(answers[4].headers.location).toBe(`${PUBLIC_URL}/`);
    const pixel = await t.get(first.pixel);
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(pixel.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');

    // Tampered, made up, or an open's token used as a click: 404, nothing counted.
    const token = first.clicks[0].split('/').pop()!;
    const [send, , sig] = token.split('.');
    const forged = [
      `/api/mailing/click/${send}.1.${sig}`,
      `/api/mailing/click/${send}.0.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      `/api/mailing/click/${first.pixel.split('/').pop()}`,
      `/api/mailing/click/${Number(send) + 1}.0.${sig}`,
      `/api/mailing/open/${send}.${sig}`,
      '/api/mailing/click/nonsense',
    ];
    for (const path of forged) expect((await t.get(path)).statusCode, path).toBe(404);

    // One recipient unsubscribes through the mail's link.
    const unsubscribeToken = /href="http:\/\/portal\.test\/unsubscribe\/([^"]+)"/.exec(second.html)![1];
    expect((await t.post(`/api/crm/unsubscribe?token=${unsubscribeToken}`)).statusCode).toBe(200);

    const figures = await report(sendId);
    expect(figures).toMatchObject({ delivered: 2, bounced: 0, opened: 1, unique_opened: null, clicked: 5, unique_clicked: null, unsubscribed: 1, tied_to_members: false });
    expect(figures.links).toEqual([
      { idx: 0, url: 'https://shop.example.com/offer?a=1&b=2', clicks: 3, unique_clicks: null },
      { idx: 1, url: 'https://example.org/news', clicks: 1, unique_clicks: null },
      { idx: 2, url: `${PUBLIC_URL}/`, clicks: 1, unique_clicks: null },
    ]);
    expect(figures.hours).toHaveLength(1);
    expect(figures.hours[0]).toMatchObject({ opens: 1, clicks: 5 });
    expect(await t.db.select().from(mailingEngagementMembers).where(eq(mailingEngagementMembers.sendId, sendId))).toEqual([]);
  });

  it('with the company setting on, records who opened and clicked: unique opens and clicks per recipient', async () => {
    const bad = await t.post('/api/crm/saveengagementsettings', { tie_engagement_to_members: 'yes' }, { token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('tie_engagement_to_members');
    const on = await t.post('/api/crm/saveengagementsettings', { tie_engagement_to_members: true }, { token: admin });
    expect(on.statusCode, on.body).toBe(200);
    expect(await t.audit('update_engagement_settings')).toHaveLength(1);
    try {
      const { sendId, mails } = await sendTracked();
      const [first, second] = mails;
      // Each recipient's own tokens now: send, link, delivery, signature.
      expect(first.clicks[0]).not.toBe(second.clicks[0]);
      expect(first.clicks[0]).toMatch(/^\/api\/mailing\/click\/\d+\.0\.\d+\.[\w-]{22}$/);
      for (const path of [first.clicks[0], first.clicks[0], first.clicks[1], second.clicks[0]]) expect((await click(path)).statusCode).toBe(302);
      for (const path of [first.pixel, first.pixel]) expect((await t.get(path)).statusCode).toBe(200);
      // A delivery id changed in a signed token does not pass.
      const [send, link, delivery, sig] = second.clicks[0].split('/').pop()!.split('.');
      expect((await click(`/api/mailing/click/${send}.${link}.${Number(delivery) - 1}.${sig}`)).statusCode).toBe(404);

      const figures = await report(sendId);
      // Two members opened it: the first loaded the pixel (twice), the second clicked without loading it.
      expect(figures).toMatchObject({ opened: 2, unique_opened: 2, clicked: 4, unique_clicked: 2, tied_to_members: true });
      expect(figures.links.map((l: { clicks: number; unique_clicks: number }) => [l.clicks, l.unique_clicks])).toEqual([
        [3, 2],
        [1, 1],
        [0, 0],
      ]);
      const members = await t.db.select().from(mailingEngagementMembers).where(eq(mailingEngagementMembers.sendId, sendId));
      expect(members).toHaveLength(4);
      expect(members.find((m) => m.kind === 'click' && m.linkIdx === 0 && m.deliveryId === Number(delivery))?.hits).toBe(1);
    } finally {
      await t.post('/api/crm/saveengagementsettings', { tie_engagement_to_members: false }, { token: admin });
    }
  });

  it('with the company setting on, unique opens are the recipients who opened at least once, a click counting as an open', async () => {
    expect((await t.post('/api/crm/saveengagementsettings', { tie_engagement_to_members: true }, { token: admin })).statusCode).toBe(200);
    try {
      const { sendId, mails } = await sendTracked(5);
      // Twelve opens from three recipients (five, four and three times), a fourth who only clicked
      // (a mail client that holds back images), a fifth who did nothing.
      const [often, twice, thrice, clicker] = mails;
      for (const [mail, times] of [
        [often, 5],
        [twice, 4],
        [thrice, 3],
      ] as const) {
        for (let n = 0; n < times; n++) expect((await t.get(mail.pixel)).statusCode).toBe(200);
      }
      expect((await click(clicker.clicks[0])).statusCode).toBe(302);
      expect((await click(often.clicks[1])).statusCode).toBe(302);

      const figures = await report(sendId);
      expect(figures).toMatchObject({ delivered: 5, opened: 12, unique_opened: 4, clicked: 2, unique_clicked: 2, tied_to_members: true });
    } finally {
      await t.post('/api/crm/saveengagementsettings', { tie_engagement_to_members: false }, { token: admin });
    }
  });

  it('answers 404 for the report of a send that does not exist', async () => {
    expect((await t.get('/api/crm/sendreport?id=999999', { token: admin })).statusCode).toBe(404);
  });
});
