import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../server/db/schema';
import { smtpMailer } from '../../server/mail/mailer';
import { type TestApp, createTestApp, resetTokenFrom } from './support/app';
import { HOUR } from './support/clock';
import { type TestSmtp, closedPort, decodeQuotedPrintable, startSmtp } from './support/smtp';

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

describe('mail through a real SMTP server', () => {
  it('forgot-password delivers one message whose body holds a reset link that works', async () => {
    const before = smtp.received.length;
    const res = await t.post('/api/auth/forgot-password', { email: 'stockist@example.com' });
    expect(res.statusCode).toBe(200);
    await t.drainJobs();

    const delivered = smtp.received.slice(before);
    expect(delivered).toHaveLength(1);
    const [mail] = delivered;
    expect(mail.from).toBe('no-reply@portal.test');
    expect(mail.to).toEqual(['stockist@example.com']);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toMatch(/^Subject: .*reset/im);
    expect(body).toMatch(/http:\/\/portal\.test\/reset-password\/[A-Za-z0-9_-]{40,}/);

    // Nothing went to the outbox table: the SMTP mailer replaced it.
    expect(await t.outbox()).toHaveLength(0);

    // The link in the delivered mail is the real one.
    const token = resetTokenFrom(body);
    expect((await t.post('/api/auth/reset-password', { token, password: 'from-the-smtp-mail' })).statusCode).toBe(200);
    expect((await t.post('/api/auth/login', { email: 'stockist@example.com', password: 'from-the-smtp-mail' })).statusCode).toBe(200);
  });

  it('an unknown email delivers nothing', async () => {
    const before = smtp.received.length;
    expect((await t.post('/api/auth/forgot-password', { email: 'ghost@example.com' })).statusCode).toBe(200);
    await t.drainJobs();
    expect(smtp.received.length).toBe(before);
  });

  it('the mailer sends text and html parts as given', async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Portal <from@portal.test>');
    try {
      await mailer.send({ to: 'someone@example.com', subject: 'Hello there', text: 'plain body', html: '<p>html body</p>' });
    } finally {
      await mailer.close();
    }
    const last = smtp.received[smtp.received.length - 1];
    expect(last.to).toEqual(['someone@example.com']);
    expect(last.raw).toMatch(/^Subject: Hello there/m);
    expect(last.raw).toContain('plain body');
    expect(last.raw).toContain('<p>html body</p>');
  });
});

describe('SMTP settings and failures', () => {
  it('a server that offers STARTTLS with a certificate we do not trust is reachable with ?ignoreTLS=true', async () => {
    const tlsServer = await startSmtp({ disabledCommands: [] });
    const mailer = smtpMailer(`smtp://127.0.0.1:${tlsServer.port}?ignoreTLS=true`, 'Portal <from@portal.test>');
    try {
      await mailer.send({ to: 'tls@example.com', subject: 'No TLS', text: 'over plain SMTP' });
      expect(tlsServer.received).toHaveLength(1);
      expect(tlsServer.received[0].to).toEqual(['tls@example.com']);
    } finally {
      await mailer.close();
      await tlsServer.close();
    }
  });

  it('a reset mail queued while the SMTP server is down waits, then goes out once the server is back', async () => {
    const port = await closedPort();
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Portal <from@portal.test>');
    let later: TestSmtp | null = null;
    try {
      const app = await t.variant({ mailer });
      const ask = (email: string) => app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      const known = await ask('individual@example.com');
      const unknown = await ask('ghost@example.com');
      // The caller cannot tell a known address from an unknown one, mail server or not.
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);

      await app.jobs.drain();
      const [job] = await t.db.select().from(jobs).where(eq(jobs.ref, `user:${t.demo.individual.id}`));
      expect(job).toMatchObject({ kind: 'mail', status: 'queued', attempts: 1 });
      expect(job.lastError).toMatch(/ECONNREFUSED|connect/i);

      // The server comes back on the same address; once the backoff has passed, the mail goes out.
      later = await startSmtp({ port });
      t.clock.advance(HOUR);
      await app.jobs.drain();
      expect(later.received).toHaveLength(1);
      expect(later.received[0].to).toEqual(['individual@example.com']);
      const body = decodeQuotedPrintable(later.received[0].raw);
      expect(body).toMatch(new RegExp(`^Message-ID: <mail-${job.id}@portal\\.test>`, 'im'));
      const token = resetTokenFrom(body);
      expect((await t.post('/api/auth/reset-password', { token, password: 'came-back-later-1' })).statusCode).toBe(200);
      const [sent] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(sent).toMatchObject({ status: 'done', attempts: 2 });
    } finally {
      await mailer.close();
      await later?.close();
    }
  });
});
