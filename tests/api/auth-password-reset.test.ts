import { describe, expect, it } from 'vitest';
import { clients } from '../../server/db/schema';
import { PUBLIC_URL, resetTokenFrom, useTestApp } from './support/app';
import { HOUR, MINUTE } from './support/clock';

const t = useTestApp();

/** Asks for a reset link and answers the token from the one mail it sent. */
async function requestResetToken(email: string): Promise<string> {
  const before = (await t.outbox(email)).length;
  const res = await t.post('/api/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  const mails = await t.outbox(email);
  expect(mails).toHaveLength(before + 1);
  return resetTokenFrom(mails[mails.length - 1].text);
}

describe('POST /api/auth/forgot-password', () => {
  it('answers 200 and mails nothing for an unknown email', async () => {
    const before = (await t.outbox()).length;
    const res = await t.post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(200);
    expect((await t.outbox()).length).toBe(before);
  });

  it('answers the same 200 and writes exactly one outbox mail with a /reset-password/{token} link for a known email', async () => {
    const unknown = await t.post('/api/auth/forgot-password', { email: 'ghost2@example.com' });
    const before = (await t.outbox()).length;
    const known = await t.post('/api/auth/forgot-password', { email: 'Individual@Example.COM' });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);

    const all = await t.outbox();
    expect(all.length).toBe(before + 1);
    const mail = all[all.length - 1];
    expect(mail.to).toBe('individual@example.com');
    expect(mail.subject).toMatch(/reset/i);
    const link = new RegExp(`${PUBLIC_URL.replace(/[.]/g, '\\.')}/reset-password/[A-Za-z0-9_-]{40,}`);
    expect(mail.text).toMatch(link);
    expect(mail.html).toMatch(link);
    expect(mail.html).toContain(resetTokenFrom(mail.text));
  });

  it("writes the mail in the language of the user's client, with a link that sets the password", async () => {
    const [client] = await t.db
      .insert(clients)
      .values({ type: 'stockist', name: 'Pharmacie du Port', contactName: 'Amélie', email: 'pharmacie.port@reset.test', locale: 'fr' })
      .returning({ id: clients.id });
    const user = await t.makeUser({ role: 'stockist', clientId: client.id });
    // The client's stored language wins over what the browser asks for.
    const res = await t.post('/api/auth/forgot-password', { email: user.email }, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(res.statusCode).toBe(200);
    const [mail] = await t.outbox(user.email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe du portail des membres');
    expect(mail.text).toContain(`Bonjour ${user.name},`);
    expect(mail.text).toContain('pendant 2 heures');
    expect(mail.html).toContain('<div lang="fr">');
    expect(mail.html).toContain('Choisir un nouveau mot de passe');
    const reset = await t.post('/api/auth/reset-password', { token: resetTokenFrom(mail.text), password: 'un-nouveau-mot-de-passe' });
    expect(reset.statusCode).toBe(200);
    expect((await t.post('/api/auth/login', { email: user.email, password: 'un-nouveau-mot-de-passe' })).statusCode).toBe(200);
  });

  it('writes the mail of a user without a stored language in the one the request asks for, right to left in Arabic', async () => {
    const user = await t.makeUser({ role: 'production' });
    await t.post('/api/auth/forgot-password', { email: user.email }, { headers: { 'accept-language': 'de-DE,ar;q=0.8,en;q=0.5' } });
    const [mail] = await t.outbox(user.email);
    expect(mail.subject).toBe('أعد تعيين كلمة مرور بوابة الأعضاء');
    expect(mail.html).toContain('<div lang="ar" dir="rtl">');
    expect(mail.html).toContain(`${PUBLIC_URL}/reset-password/${resetTokenFrom(mail.text)}`);

    const english = await t.makeUser({ role: 'production' });
    await t.post('/api/auth/forgot-password', { email: english.email }, { headers: { 'accept-language': 'de-DE' } });
    expect((await t.outbox(english.email))[0].subject).toBe('Reset your Members Portal password');
  });

  it('mails nothing for an inactive user', async () => {
    const user = await t.makeUser({ role: 'stockist', active: false });
    const res = await t.post('/api/auth/forgot-password', { email: user.email });
    expect(res.statusCode).toBe(200);
    expect(await t.outbox(user.email)).toHaveLength(0);
  });

  it('is 400 naming email when it is not an email', async () => {
    for (const body of [{ email: 'not-an-email' }, { email: 42 }, {}]) {
      const res = await t.post('/api/auth/forgot-password', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('email');
    }
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends the old sessions, audits, and the link works once', async () => {
    const user = await t.makeUser({ role: 'production' });
    const oldToken = await t.tokenFor(user);
    const token = await requestResetToken(user.email);

    const res = await t.post('/api/auth/reset-password', { token, password: 'a-brand-new-password' });
    expect(res.statusCode).toBe(200);

    // New password in, old password out.
    expect((await t.post('/api/auth/login', { email: user.email, password: 'a-brand-new-password' })).statusCode).toBe(200);
    expect((await t.post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(401);

    // Tokens from before the reset are refused.
    expect((await t.get('/api/auth/core', { token: oldToken })).statusCode).toBe(401);
    expect((await t.get('/api/auth/check', { token: oldToken })).json()).toEqual({ authenticated: false });

    // The audit log has the reset.
    const entries = await t.audit('reset_password', user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: 'user', entityId: String(user.id), userId: user.id });

    // Single use.
    const again = await t.post('/api/auth/reset-password', { token, password: 'yet-another-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toHaveProperty('token');
    expect((await t.post('/api/auth/login', { email: user.email, password: 'yet-another-password' })).statusCode).toBe(401);
  });

  it('refuses an expired link (2 hours) and leaves the password alone', async () => {
    const user = await t.makeUser({ role: 'reseller' });
    const token = await requestResetToken(user.email);
    t.clock.advance(2 * HOUR + MINUTE);
    const res = await t.post('/api/auth/reset-password', { token, password: 'too-late-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('token');
    t.clock.reset();
    expect((await t.post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('accepts a link just before it expires', async () => {
    const user = await t.makeUser({ role: 'reseller' });
    const token = await requestResetToken(user.email);
    t.clock.advance(2 * HOUR - MINUTE);
    expect((await t.post('/api/auth/reset-password', { token, password: 'just-in-time-password' })).statusCode).toBe(200);
  });

  it('is 400 naming password for a password under 12 characters, and the link stays usable', async () => {
    const user = await t.makeUser({ role: 'individual' });
    const token = await requestResetToken(user.email);
    const res = await t.post('/api/auth/reset-password', { token, password: 'short-pw-11' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ password: expect.stringMatching(/password/) });
    expect(res.json().message).toMatch(/password/);
    // Nothing was consumed or changed.
    expect((await t.post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    expect((await t.post('/api/auth/reset-password', { token, password: 'exactly-12ch' })).statusCode).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const res = await t.post('/api/auth/reset-password', { token: 'x'.repeat(43), password: 'whatever-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('token');
  });

  it('each request mails a new, different link that works', async () => {
    const user = await t.makeUser({ role: 'individual' });
    const first = await requestResetToken(user.email);
    const second = await requestResetToken(user.email);
    expect(first).not.toBe(second);
    expect((await t.post('/api/auth/reset-password', { token: second, password: 'second-link-password' })).statusCode).toBe(200);
    expect((await t.post('/api/auth/login', { email: user.email, password: 'second-link-password' })).statusCode).toBe(200);
  });
});
