import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loginFailures } from '../../server/db/schema';
import { ACCESS_TOKEN_SECONDS } from '../../server/auth/tokens';
import { DEMO_PASSWORD, TEST_JWT_SECRET, resetTokenFrom, useTestApp } from './support/app';
import { MINUTE } from './support/clock';

const t = useTestApp();

const sign = (secret: string, claims: { sub: string; ver: number }, alg = 'HS256', expiresIn: number | string = '15m') =>
  new SignJWT({ ver: claims.ver })
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('POST /api/auth/login', () => {
  it('answers a bearer token for good credentials, and the token opens the API', async () => {
    const res = await t.post('/api/auth/login', { email: 'admin@example.com', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: ACCESS_TOKEN_SECONDS });
    expect(body.access_token.split('.')).toHaveLength(3);
    const core = await t.get('/api/auth/core', { token: body.access_token });
    expect(core.statusCode).toBe(200);
    expect(core.json().data.user.email).toBe('admin@example.com');
  });

  it('treats the email case-insensitively and ignores surrounding spaces', async () => {
    const res = await t.post('/api/auth/login', { email: '  Production@EXAMPLE.com ', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const core = await t.get('/api/auth/core', { token: res.json().access_token });
    expect(core.json().data.user.id).toBe(t.demo.production.id);
  });

  it('gives the identical 401 for an unknown email and for a wrong password', async () => {
    const unknown = await t.post('/api/auth/login', { email: 'nobody@example.com', password: DEMO_PASSWORD });
    const wrong = await t.post('/api/auth/login', { email: 'reseller@example.com', password: 'not-the-password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({ message: expect.stringMatching(/email or password/i) });
    expect(unknown.headers['content-type']).toBe(wrong.headers['content-type']);
  });

  it('refuses an inactive user with the same 401 as a wrong password', async () => {
    const user = await t.makeUser({ role: 'production', active: false });
    const res = await t.post('/api/auth/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(401);
    const wrong = await t.post('/api/auth/login', { email: 'reseller@example.com', password: 'still-not-the-password' });
    expect(res.body).toBe(wrong.body);
  });

  it('failures slow down and then lock only the address they come from; the holder still signs in from its own', async () => {
    const user = await t.makeUser({ role: 'production', email: 'Throttled.User@Example.com' });
    const attacker = '10.0.0.5';
    // The waits are computed from the clock: stopped, they are exact however slow the machine is.
    t.clock.freeze();
    const tryFrom = (ip: string, password: string, i = 0) =>
      // Mixed spellings of the one address count together.
      t.post('/api/auth/login', { email: i % 2 ? user.email.toUpperCase() : user.email.toLowerCase(), password }, { remoteAddress: ip });

    // Three free tries, then each further one must wait twice as long as the one before.
    for (let i = 0; i < 3; i++) expect((await tryFrom(attacker, `wrong-${i}`, i)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 3; i < 10; i++) {
      const early = await tryFrom(attacker, `wrong-${i}`, i);
      expect(early.statusCode).toBe(429);
      expect(early.json().message).toMatch(/too many failed sign-in attempts/i);
      const wait = Number(early.headers['retry-after']);
      waits.push(wait);
      t.clock.advance(wait * 1000);
      expect((await tryFrom(attacker, `wrong-${i}`, i)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64]);

    // Ten failures: that address is locked for this account, even with the right password…
    t.clock.advance(5 * MINUTE);
    const locked = await tryFrom(attacker, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/15 minutes/);
    // …while the account holder, elsewhere, signs in at once, and other accounts are untouched.
    expect((await tryFrom('10.0.0.6', user.password)).statusCode).toBe(200);
    expect((await t.post('/api/auth/login', { email: 'admin@example.com', password: DEMO_PASSWORD }, { remoteAddress: attacker })).statusCode).toBe(200);
    // The holder's success does not give the attacker's address fresh tries.
    expect((await tryFrom(attacker, 'wrong-again')).statusCode).toBe(429);

    t.clock.advance(16 * MINUTE);
    expect((await tryFrom(attacker, user.password)).statusCode).toBe(200);
  }, 90_000); // Dozens of real scrypt checks (5.6 s on a quiet machine): room for a CPU shared with other suites.

  it("a password reset clears the account's failures from every address, so the holder can always get back in", async () => {
    const user = await t.makeUser({ role: 'individual' });
    const email = user.email.toLowerCase();
    const ip = '10.0.2.2';
    await t.db.insert(loginFailures).values(Array.from({ length: 10 }, () => ({ email, ip, at: t.clock.now() })));
    expect((await t.post('/api/auth/login', { email: user.email, password: user.password }, { remoteAddress: ip })).statusCode).toBe(429);

    expect((await t.post('/api/auth/forgot-password', { email: user.email }, { remoteAddress: ip })).statusCode).toBe(200);
    const [mail] = await t.outbox(user.email);
    const token = resetTokenFrom(mail.text);
    expect((await t.post('/api/auth/reset-password', { token, password: 'a-brand-new-password' }, { remoteAddress: ip })).statusCode).toBe(200);
    expect((await t.post('/api/auth/login', { email: user.email, password: 'a-brand-new-password' }, { remoteAddress: ip })).statusCode).toBe(200);
  });

  it("forgets an address's earlier failures after a successful sign-in from it", async () => {
    const user = await t.makeUser({ role: 'reseller' });
    const email = user.email.toLowerCase();
    const ip = '10.0.1.1';
    const failures = (n: number) => Array.from({ length: n }, () => ({ email, ip, at: new Date(t.clock.now().getTime() - 2 * MINUTE) }));
    await t.db.insert(loginFailures).values(failures(9));
    expect((await t.post('/api/auth/login', { email: user.email, password: user.password }, { remoteAddress: ip })).statusCode).toBe(200);
    // Had the 9 been kept, one more would make 10: a lock.
    await t.db.insert(loginFailures).values(failures(1));
    expect((await t.post('/api/auth/login', { email: user.email, password: user.password }, { remoteAddress: ip })).statusCode).toBe(200);
  });

  it('throttles an address that has failed 50 times, whatever the email', async () => {
    const ip = '10.66.0.1';
    await t.db.insert(loginFailures).values(
      Array.from({ length: 50 }, (_, i) => ({ email: `probe${i}@example.com`, ip, at: t.clock.now() })),
    );
    const fromThere = await t.post('/api/auth/login', { email: 'individual@example.com', password: DEMO_PASSWORD }, { remoteAddress: ip });
    expect(fromThere.statusCode).toBe(429);
    const fromElsewhere = await t.post('/api/auth/login', { email: 'individual@example.com', password: DEMO_PASSWORD }, { remoteAddress: '10.66.0.2' });
    expect(fromElsewhere.statusCode).toBe(200);
  });
});

describe('GET /api/auth/check', () => {
  it('is true for a valid token', async () => {
    const token = await t.login('stockist@example.com');
    expect((await t.get('/api/auth/check', { token: await t.tokenFor('individual') })).json()).toEqual({ authenticated: true });
    const res = await t.get('/api/auth/check', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authenticated: true });
  });

  it('is false (200) without a token, with garbage, with a non-bearer scheme', async () => {
    const variants: Record<string, string>[] = [{}, { authorization: 'Bearer not.a.jwt' }, { authorization: 'Bearer ' }, { authorization: 'Basic YWRtaW46YWRtaW4=' }];
    for (const headers of variants) {
      const res = await t.get('/api/auth/check', { headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ authenticated: false });
    }
  });

  it('is false once the token has expired (15 minutes)', async () => {
    const token = await t.tokenFor('stockist');
    t.clock.advance(14 * MINUTE);
    expect((await t.get('/api/auth/check', { token })).json()).toEqual({ authenticated: true });
    t.clock.advance(2 * MINUTE);
    expect((await t.get('/api/auth/check', { token })).json()).toEqual({ authenticated: false });
    expect((await t.get('/api/auth/core', { token })).statusCode).toBe(401);
  });

  it('is false at the second the token expires, though the same token was accepted (and remembered) before', async () => {
    const token = await t.tokenFor('stockist');
    expect((await t.get('/api/auth/check', { token })).json()).toEqual({ authenticated: true });
    t.clock.advance(15 * MINUTE);
    expect((await t.get('/api/auth/check', { token })).json()).toEqual({ authenticated: false });
  });

  it('refuses a token changed after it was accepted (the remembered signature is the whole token)', async () => {
    const token = await t.tokenFor('stockist');
    expect((await t.get('/api/auth/check', { token })).json()).toEqual({ authenticated: true });
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, sub: String(t.demo.admin.id) })).toString('base64url'), signature].join('.');
    expect((await t.get('/api/auth/check', { token: forged })).json()).toEqual({ authenticated: false });
    expect((await t.get('/api/auth/core', { token: forged })).statusCode).toBe(401);
  });

  it('is false for an expired token even when the clock is right (signed with our key, exp in the past)', async () => {
    const expired = await sign(TEST_JWT_SECRET, { sub: String(t.demo.stockist.id), ver: 0 }, 'HS256', Math.floor(Date.now() / 1000) - 10);
    expect((await t.get('/api/auth/check', { token: expired })).json()).toEqual({ authenticated: false });
  });
});

describe('GET /api/auth/refresh', () => {
  it('answers a new token that works, for a valid token', async () => {
    const token = await t.tokenFor('individual');
    t.clock.advance(5 * MINUTE);
    const res = await t.get('/api/auth/refresh', { token });
    expect(res.statusCode).toBe(200);
    const fresh = res.json();
    expect(fresh).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: ACCESS_TOKEN_SECONDS });
    expect(fresh.access_token).not.toBe(token);
    // The refreshed token outlives the first one.
    t.clock.advance(12 * MINUTE);
    expect((await t.get('/api/auth/check', { token })).json()).toEqual({ authenticated: false });
    expect((await t.get('/api/auth/check', { token: fresh.access_token })).json()).toEqual({ authenticated: true });
    expect((await t.get('/api/auth/core', { token: fresh.access_token })).statusCode).toBe(200);
  });

  it('is 401 without a token or with a bad one', async () => {
    const none = await t.get('/api/auth/refresh');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: expect.any(String) });
    expect((await t.get('/api/auth/refresh', { token: 'garbage' })).statusCode).toBe(401);
  });
});

describe('GET /api/auth/core', () => {
  it('describes the admin: role, no client, the branches with exactly one default', async () => {
    const token = await t.tokenFor('admin');
    const res = await t.get('/api/auth/core', { token });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toEqual({
      id: t.demo.admin.id,
      name: 'Ada Admin',
      email: 'admin@example.com',
      role: expect.objectContaining({ id: expect.any(Number), role_name: 'admin' }),
      client: null,
      two_factor: { enabled: false, enrolment_required: false },
    });
    expect(data.branch_config.length).toBeGreaterThanOrEqual(2);
    for (const branch of data.branch_config) {
      expect(branch).toEqual({ id: expect.any(Number), name: expect.any(String), default_branch: expect.any(Boolean) });
    }
    expect(data.branch_config.filter((b: { default_branch: boolean }) => b.default_branch)).toHaveLength(1);
  });

  it("gives the stockist its client's id", async () => {
    const token = await t.tokenFor('stockist');
    const { data } = (await t.get('/api/auth/core', { token })).json();
    expect(t.demo.stockist.clientId).toEqual(expect.any(Number));
    expect(data.user).toMatchObject({
      id: t.demo.stockist.id,
      email: 'stockist@example.com',
      role: { role_name: 'stockist' },
      client: { id: t.demo.stockist.clientId },
    });
    expect(data.branch_config.filter((b: { default_branch: boolean }) => b.default_branch)).toHaveLength(1);
  });

  it('is 401 without a token', async () => {
    expect((await t.get('/api/auth/core')).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it("revokes all the user's tokens and writes an audit entry", async () => {
    const user = await t.makeUser({ role: 'production' });
    const first = await t.login(user.email, user.password);
    t.clock.advance(MINUTE);
    const second = await t.tokenFor(user);
    expect(second).not.toBe(first);
    const res = await t.post('/api/auth/logout', undefined, { token: first });
    expect(res.statusCode).toBe(200);
    for (const token of [first, second]) {
      expect((await t.get('/api/auth/check', { token })).json()).toEqual({ authenticated: false });
      expect((await t.get('/api/auth/core', { token })).statusCode).toBe(401);
      expect((await t.get('/api/auth/refresh', { token })).statusCode).toBe(401);
    }
    const entries = await t.audit('logout', user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: user.id, entity: 'user', entityId: String(user.id) });

    // Signing in again works and gives a token that is valid.
    const again = await t.login(user.email, user.password);
    expect((await t.get('/api/auth/check', { token: again })).json()).toEqual({ authenticated: true });
  });

  it('is 401 without a token', async () => {
    expect((await t.post('/api/auth/logout')).statusCode).toBe(401);
  });
});

describe('tokens the server did not issue, or no longer honours', () => {
  it('refuses a token signed with another key', async () => {
    const forged = await sign('another-secret-of-at-least-32-characters!!', { sub: String(t.demo.admin.id), ver: 0 });
    expect((await t.get('/api/auth/core', { token: forged })).statusCode).toBe(401);
    expect((await t.get('/api/auth/check', { token: forged })).json()).toEqual({ authenticated: false });
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: String(t.demo.admin.id), ver: 0, iat: now, exp: now + 600 })}.`;
    expect((await t.get('/api/auth/core', { token: unsigned })).statusCode).toBe(401);
    expect((await t.get('/api/auth/check', { token: unsigned })).json()).toEqual({ authenticated: false });
  });

  it('refuses our key used with another algorithm (HS512)', async () => {
    const other = await sign(TEST_JWT_SECRET, { sub: String(t.demo.admin.id), ver: 0 }, 'HS512');
    expect((await t.get('/api/auth/core', { token: other })).statusCode).toBe(401);
  });

  it('accepts a token signed with our key for the current version (the forging helper is sound)', async () => {
    const good = await sign(TEST_JWT_SECRET, { sub: String(t.demo.reseller.id), ver: 0 });
    expect((await t.get('/api/auth/core', { token: good })).statusCode).toBe(200);
  });

  it("refuses a deactivated user's token", async () => {
    const user = await t.makeUser({ role: 'reseller' });
    const token = await t.tokenFor(user);
    expect((await t.get('/api/auth/core', { token })).statusCode).toBe(200);
    await t.setActive(user.id, false);
    expect((await t.get('/api/auth/core', { token })).statusCode).toBe(401);
    expect((await t.get('/api/auth/refresh', { token })).statusCode).toBe(401);
    expect((await t.get('/api/auth/check', { token })).json()).toEqual({ authenticated: false });
  });
});
