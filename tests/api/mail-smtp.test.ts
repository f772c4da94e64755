import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../../server/mail/mailer';
import { type TestApp, createTestApp, resetTokenFrom } from './support/app';
import { type TestSmtp, decodeQuotedPrintable, startSmtp } from './support/smtp';

/** A port on loopback where nothing listens. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

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

  it('forgot-password still answers 200 when the SMTP server cannot be reached', async () => {
    const port = await closedPort();
    const unreachable = smtpMailer(`smtp://127.0.0.1:${port}`, 'Portal <from@portal.test>');
    try {
      const app = await t.variant({ mailer: unreachable });
      const ask = (email: string) => app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      const known = await ask('individual@example.com');
      const unknown = await ask('ghost@example.com');
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      // The mail really was attempted (a reset link was issued) and failed quietly.
      await expect(unreachable.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow();
    } finally {
      await unreachable.close();
    }
  });
});
