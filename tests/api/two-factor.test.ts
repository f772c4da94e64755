import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, recoveryCodes, users } from '../../server/db/schema';
import { totpCode } from '../../server/auth/totp';
import { type RequestOptions, useTestApp } from './support/app';
import { MINUTE } from './support/clock';

/**
 * Two-factor sign-in (TOTP, RFC 6238) and sessions: enrolment, the second step of a
 * sign-in, recovery codes, the throttle, turning it off, the admin's reset and "end sessions",
 * the company's rule for admins. Codes are computed here from the secret at the app's clock.
 */
const t = useTestApp();
const STEP = 30_000;

let addressCounter = 0;
/** Each test signs in from its own address, so the sign-in throttle of one never touches another. */
const freshAddress = () => `10.25.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

interface Enrolled {
  id: number;
  email: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
  token: string;
  /** The app's time when the enrolment was confirmed: that step's code is spent. */
  confirmedAt: Date;
}

/** A user with two-factor on, through the API: enrol, confirm with the current code. */
async function enrolledUser(role: 'admin' | 'stockist' | 'production' = 'production'): Promise<Enrolled> {
  const user = await t.makeUser({ role, clientId: role === 'stockist' ? t.demo.stockist.clientId : null });
  const token = await t.tokenFor(user);
  const enrol = await t.post('/api/auth/2fa/enrol', undefined, { token });
  expect(enrol.statusCode, enrol.body).toBe(200);
  const { secret } = enrol.json();
  const confirmedAt = t.clock.now();
  const confirm = await t.post('/api/auth/2fa/confirm', { code: totpCode(secret, confirmedAt) }, { token });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { ...user, secret, recoveryCodes: confirm.json().recovery_codes, token: await t.tokenFor(user), confirmedAt };
}

const signIn = (email: string, password: string, options?: RequestOptions) => t.post('/api/auth/login', { email, password }, options);
/** The next step's code: the one just used for confirming is spent (a code is good once). */
const nextCode = (secret: string) => {
  t.clock.advance(STEP);
  return totpCode(secret, t.clock.now());
};

describe('enrolment', () => {
  it('answers a secret and its otpauth URL, keeps the secret encrypted, and turns on with a first code', async () => {
    const user = await t.makeUser({ role: 'production' });
    const token = await t.tokenFor(user);
    const enrol = await t.post('/api/auth/2fa/enrol', undefined, { token });
    expect(enrol.statusCode).toBe(200);
    const { secret, otpauth_url } = enrol.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Members Portal');

    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored.totpSecret).toBeTruthy();
    expect(stored.totpSecret).not.toContain(secret);
    expect(stored.totpEnabledAt).toBeNull();

    // Not on until a code proves the phone holds the secret.
    const status = await t.get('/api/auth/2fa/status', { token });
    expect(status.json().data).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });
    const wrong = await t.post('/api/auth/2fa/confirm', { code: '000000' }, { token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toBeTruthy();

    const confirm = await t.post('/api/auth/2fa/confirm', { code: totpCode(secret, t.clock.now()) }, { token });
    expect(confirm.statusCode).toBe(200);
    const codes: string[] = confirm.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Only hashes are kept.
    const hashes = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(hashes)).not.toContain(code);

    const after = await t.get('/api/auth/2fa/status', { token });
    expect(after.json().data).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    // Enrolling again while on is refused: the secret is never answered again.
    expect((await t.post('/api/auth/2fa/enrol', undefined, { token })).statusCode).toBe(409);

    const entries = await t.audit('enable_two_factor', user.id);
    expect(entries).toHaveLength(1);
    const everything = JSON.stringify(await t.db.select().from(auditLog));
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(stored.totpSecret!);
  });

  it('a secret sealed for one user does not open on another user’s row', async () => {
    const first = await enrolledUser();
    const second = await t.makeUser({ role: 'production' });
    const [sealed] = await t.db.select({ s: users.totpSecret }).from(users).where(eq(users.id, first.id));
    await t.db.update(users).set({ totpSecret: sealed.s, totpEnabledAt: new Date() }).where(eq(users.id, second.id));
    const challenge = (await signIn(second.email, second.password)).json().challenge;
    const res = await t.post('/api/auth/2fa/verify', { challenge, code: nextCode(first.secret) });
    expect(res.statusCode).toBe(401);
  });
});

describe('signing in with two-factor on', () => {
  it('the password alone answers a challenge and no token; a right code answers what sign-in answers, once', async () => {
    const user = await enrolledUser('admin');
    const ip = freshAddress();
    const first = await signIn(user.email, user.password, { remoteAddress: ip });
    expect(first.statusCode).toBe(200);
    const answer = first.json();
    expect(answer).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(first.body).not.toMatch(/access_token/);

    const code = nextCode(user.secret);
    const verified = await t.post('/api/auth/2fa/verify', { challenge: answer.challenge, code }, { remoteAddress: ip });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 900 });
    const token = verified.json().access_token;
    expect((await t.get('/api/clients/all', { token })).statusCode).toBe(200);

    // The challenge is spent; the code too (a new challenge with the same code is refused).
    expect((await t.post('/api/auth/2fa/verify', { challenge: answer.challenge, code }, { remoteAddress: ip })).statusCode).toBe(401);
    const again = (await signIn(user.email, user.password, { remoteAddress: ip })).json().challenge;
    expect((await t.post('/api/auth/2fa/verify', { challenge: again, code }, { remoteAddress: ip })).statusCode).toBe(401);
  });

  it('a challenge lasts five minutes', async () => {
    const user = await enrolledUser();
    const { challenge } = (await signIn(user.email, user.password)).json();
    t.clock.advance(5 * MINUTE + 1000);
    const res = await t.post('/api/auth/2fa/verify', { challenge, code: totpCode(user.secret, t.clock.now()) });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors.challenge).toBe('expired');
    expect((await t.post('/api/auth/2fa/verify', { challenge: 'made-up', code: '123456' })).statusCode).toBe(401);
  });

  it('a recovery code gets the user in once, audited; typed in capitals or without dashes it still counts', async () => {
    const user = await enrolledUser();
    const [code] = user.recoveryCodes;
    const first = (await signIn(user.email, user.password)).json().challenge;
    const used = await t.post('/api/auth/2fa/verify', { challenge: first, code: code.toUpperCase().replace(/-/g, ' ') });
    expect(used.statusCode, used.body).toBe(200);
    expect(await t.audit('use_recovery_code', user.id)).toHaveLength(1);

    const second = (await signIn(user.email, user.password)).json().challenge;
    const reused = await t.post('/api/auth/2fa/verify', { challenge: second, code });
    expect(reused.statusCode).toBe(401);
    const status = await t.get('/api/auth/2fa/status', { token: used.json().access_token });
    expect(status.json().data.recovery_codes_left).toBe(9);
    // The challenge survives a wrong code: the right one still works with it.
    expect((await t.post('/api/auth/2fa/verify', { challenge: second, code: user.recoveryCodes[1] })).statusCode).toBe(200);
  });

  it('wrong codes count toward the sign-in throttle, and a right password does not clear them', async () => {
    const user = await enrolledUser();
    const ip = freshAddress();
    t.clock.freeze();
    const challenge = () => signIn(user.email, user.password, { remoteAddress: ip }).then((res) => res.json().challenge as string);
    const c = await challenge();
    for (let i = 0; i < 3; i++) expect((await t.post('/api/auth/2fa/verify', { challenge: c, code: `00000${i}` }, { remoteAddress: ip })).statusCode).toBe(401);
    const throttled = await t.post('/api/auth/2fa/verify', { challenge: c, code: '000009' }, { remoteAddress: ip });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBe(1);
    // The password step is throttled by the same count…
    expect((await signIn(user.email, user.password, { remoteAddress: ip })).statusCode).toBe(429);
    t.clock.advance(1000);
    // …and passing it again starts no fresh count of code guesses.
    const c2 = await challenge();
    expect((await t.post('/api/auth/2fa/verify', { challenge: c2, code: '111111' }, { remoteAddress: ip })).statusCode).toBe(401);
    expect((await t.post('/api/auth/2fa/verify', { challenge: c2, code: '222222' }, { remoteAddress: ip })).statusCode).toBe(429);
    // From its own address the holder gets in with a right code; that clears its own count.
    t.clock.advance(STEP);
    const home = freshAddress();
    const own = (await signIn(user.email, user.password, { remoteAddress: home })).json().challenge;
    expect((await t.post('/api/auth/2fa/verify', { challenge: own, code: totpCode(user.secret, t.clock.now()) }, { remoteAddress: home })).statusCode).toBe(200);
  });

  it('codes sent all at once are counted one after another, and after the wait the holder gets in on the same challenge', async () => {
    const user = await enrolledUser();
    const ip = freshAddress();
    t.clock.freeze();
    const { challenge } = (await signIn(user.email, user.password, { remoteAddress: ip })).json();
    // Thirty guesses at once: the throttle lets the free ones through and holds the rest, as it
    // would one after another (they once all passed its check before any was counted, and the
    // thirty failures then locked the account past the challenge's life).
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.post('/api/auth/2fa/verify', { challenge, code: String(100000 + i) }, { remoteAddress: ip })),
    );
    const answers = guesses.map((res) => res.statusCode).sort();
    expect(answers.filter((code) => code === 401)).toHaveLength(3);
    expect(answers.filter((code) => code === 429)).toHaveLength(27);
    const wait = Math.max(...guesses.filter((res) => res.statusCode === 429).map((res) => Number(res.headers['retry-after'])));
    expect(wait).toBe(1);
    t.clock.advance(wait * 1000);
    // The code the enrolment spent (still within the step either side the server allows): said
    // so, and not a wrong guess. Taken at the enrolment's time, not "now": the clock runs until
    // the freeze and may have crossed into the next step since, when the enrolment fell at a step's end.
    const spent = await t.post('/api/auth/2fa/verify', { challenge, code: totpCode(user.secret, user.confirmedAt) }, { remoteAddress: ip });
    expect(spent.statusCode).toBe(401);
    expect(spent.json().errors).toEqual({ code: 'used' });
    // Its next code, after the wait the throttle names, signs the holder in on the same challenge.
    t.clock.advance(STEP);
    const inside = await t.post('/api/auth/2fa/verify', { challenge, code: totpCode(user.secret, t.clock.now()) }, { remoteAddress: ip });
    expect(inside.statusCode, inside.body).toBe(200);
  });

  it('a user without two-factor still gets a token from the password alone', async () => {
    const res = await signIn('production@example.com', 'demo-pass-1234');
    expect(res.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 900 });
  });
});

describe('turning it off', () => {
  it('needs a current code; a wrong one is refused and counted', async () => {
    const user = await enrolledUser('stockist');
    const ip = freshAddress();
    expect((await t.post('/api/auth/2fa/disable', {}, { token: user.token, remoteAddress: ip })).statusCode).toBe(400);
    const wrong = await t.post('/api/auth/2fa/disable', { code: '000000' }, { token: user.token, remoteAddress: ip });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toBeTruthy();

    const off = await t.post('/api/auth/2fa/disable', { code: nextCode(user.secret) }, { token: user.token, remoteAddress: ip });
    expect(off.statusCode, off.body).toBe(200);
    expect(await t.audit('disable_two_factor', user.id)).toHaveLength(1);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.totpSecret).toBeNull();
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    expect((await signIn(user.email, user.password)).json().access_token).toEqual(expect.any(String));
  });

  it('never with the password alone: a stolen session that knows the password cannot remove the second factor', async () => {
    const user = await enrolledUser();
    const res = await t.post('/api/auth/2fa/disable', { password: user.password }, { token: user.token });
    expect(res.statusCode).toBe(400);
    expect((await t.get('/api/auth/2fa/status', { token: user.token })).json().data.enabled).toBe(true);
    // A recovery code does it, for the holder who lost the phone but kept the codes.
    const byRecovery = await t.post('/api/auth/2fa/disable', { code: user.recoveryCodes[0] }, { token: user.token });
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    expect((await t.get('/api/auth/2fa/status', { token: user.token })).json().data.enabled).toBe(false);
    expect((await t.audit('disable_two_factor', user.id))[0].data).toEqual({ proof: 'recovery_code' });
  });

  it('a code already spent is named as such, not as wrong', async () => {
    const user = await enrolledUser();
    t.clock.freeze();
    // The enrolment spent the phone's current code.
    const res = await t.post('/api/auth/2fa/disable', { code: totpCode(user.secret, t.clock.now()) }, { token: user.token, remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.code).toBe('used');
  });
});

describe("an admin's reset for a lost phone", () => {
  it('turns the user’s two-factor off, audited under the admin; never the admin’s own', async () => {
    const user = await enrolledUser();
    const admin = await t.tokenFor('admin');
    const reset = await t.post('/api/admin/resettwofactor', { id: user.id }, { token: admin });
    expect(reset.statusCode, reset.body).toBe(200);
    const [entry] = await t.audit('reset_two_factor', user.id);
    expect(entry.userId).toBe(t.demo.admin.id);
    expect(JSON.stringify(entry.data)).not.toContain(user.secret);
    // The password alone gets the user in again.
    expect((await signIn(user.email, user.password)).json().access_token).toEqual(expect.any(String));

    expect((await t.post('/api/admin/resettwofactor', { id: t.demo.admin.id }, { token: admin })).statusCode).toBe(403);
    expect((await t.post('/api/admin/resettwofactor', { id: 2_000_000_000 }, { token: admin })).statusCode).toBe(404);
  });
});

describe('sessions', () => {
  it('lists where the user is signed in (browser, address, last seen) and ends one of them', async () => {
    const user = await t.makeUser({ role: 'reseller' });
    const laptop = { remoteAddress: '192.0.2.10', headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36' } };
    const phone = { remoteAddress: '198.51.100.7', headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1' } };
    const laptopToken = (await signIn(user.email, user.password, laptop)).json().access_token;
    t.clock.advance(MINUTE);
    const phoneToken = (await signIn(user.email, user.password, phone)).json().access_token;

    const list = await t.get('/api/auth/sessions', { token: laptopToken });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ ip: '198.51.100.7', user_agent: phone.headers['user-agent'], current: false });
    expect(sessions[1]).toMatchObject({ ip: '192.0.2.10', user_agent: laptop.headers['user-agent'], current: true });
    expect(new Date(sessions[0].last_seen_at).getTime()).toBeGreaterThan(new Date(sessions[1].last_seen_at).getTime());

    // A refresh is "seen now", and keeps the session.
    t.clock.advance(2 * MINUTE);
    const refreshed = await t.get('/api/auth/refresh', { token: laptopToken, ...laptop });
    expect(refreshed.statusCode).toBe(200);
    const after = (await t.get('/api/auth/sessions', { token: refreshed.json().access_token })).json().data;
    expect(after[0]).toMatchObject({ ip: '192.0.2.10', current: true });

    // The laptop ends the phone's session: the phone's token stops working at once, the laptop's does not.
    const phoneSession = after.find((s: { current: boolean }) => !s.current).id;
    expect((await t.post('/api/auth/sessions/end', { id: phoneSession }, { token: laptopToken })).statusCode).toBe(200);
    expect((await t.get('/api/auth/check', { token: phoneToken })).json().authenticated).toBe(false);
    expect((await t.get('/api/auth/refresh', { token: phoneToken })).statusCode).toBe(401);
    expect((await t.get('/api/auth/core', { token: laptopToken })).statusCode).toBe(200);
    expect((await t.get('/api/auth/sessions', { token: laptopToken })).json().data).toHaveLength(1);
    expect(await t.audit('end_session', user.id)).toHaveLength(1);

    // Another user's session is not found, not ended.
    const other = await t.makeUser({ role: 'production' });
    const otherToken = (await signIn(other.email, other.password)).json().access_token;
    const otherSession = (await t.get('/api/auth/sessions', { token: otherToken })).json().data[0].id;
    expect((await t.post('/api/auth/sessions/end', { id: otherSession }, { token: laptopToken })).statusCode).toBe(404);
    expect((await t.get('/api/auth/core', { token: otherToken })).statusCode).toBe(200);
  });

  it('a session unseen for longer than a token lives is no longer listed', async () => {
    const user = await t.makeUser({ role: 'production' });
    await signIn(user.email, user.password);
    t.clock.advance(16 * MINUTE);
    const token = (await signIn(user.email, user.password)).json().access_token;
    expect((await t.get('/api/auth/sessions', { token })).json().data).toHaveLength(1);
  });

  it('an admin ends every session of a user, audited', async () => {
    const user = await t.makeUser({ role: 'stockist', clientId: t.demo.stockist.clientId });
    const one = (await signIn(user.email, user.password)).json().access_token;
    const two = (await signIn(user.email, user.password)).json().access_token;
    const admin = await t.tokenFor('admin');
    expect((await t.post('/api/admin/endsessions', { id: user.id }, { token: admin })).statusCode).toBe(200);
    for (const token of [one, two]) expect((await t.get('/api/auth/core', { token })).statusCode).toBe(401);
    const [entry] = await t.audit('end_sessions', user.id);
    expect(entry).toMatchObject({ userId: t.demo.admin.id, data: { sessions: 2 } });
    expect((await t.post('/api/admin/endsessions', { id: 2_000_000_000 }, { token: admin })).statusCode).toBe(404);
  });
});

describe('the company requires two-factor for admins', () => {
  it('an admin without it is held to enrolment by the server until it is on; others are not touched', async () => {
    const boss = await enrolledUser('admin');
    const newcomer = await t.makeUser({ role: 'admin' });
    const plain = await t.tokenFor(newcomer);

    // Turning it on needs two-factor on oneself first.
    const refused = await t.post('/api/admin/savesecuritysettings', { require_two_factor_for_admins: true }, { token: plain });
    expect(refused.statusCode).toBe(409);
    const on = await t.post('/api/admin/savesecuritysettings', { require_two_factor_for_admins: true }, { token: boss.token });
    expect(on.statusCode, on.body).toBe(200);
    try {
      expect((await t.get('/api/admin/securitysettings', { token: boss.token })).json().data).toEqual({ require_two_factor_for_admins: true });
      const [entry] = await t.audit('update', 1).then((rows) => rows.filter((row) => row.entity === 'security_settings'));
      expect(entry.data).toMatchObject({ changes: { require_two_factor_for_admins: { before: false, after: true } } });

      // The newcomer signs in with the password (no second step yet) and can do nothing but enrol.
      const token = (await signIn(newcomer.email, newcomer.password)).json().access_token;
      const blocked = await t.get('/api/clients/all', { token });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().errors).toEqual({ two_factor: 'enrolment_required' });
      expect((await t.get('/api/auth/core', { token })).json().data.user.two_factor).toEqual({ enabled: false, enrolment_required: true });
      expect((await t.get('/api/auth/2fa/status', { token })).json().data.required).toBe(true);
      expect((await t.get('/api/auth/refresh', { token })).statusCode).toBe(200);
      const { secret } = (await t.post('/api/auth/2fa/enrol', undefined, { token })).json();
      expect((await t.post('/api/auth/2fa/confirm', { code: totpCode(secret, t.clock.now()) }, { token })).statusCode).toBe(200);
      expect((await t.get('/api/clients/all', { token })).statusCode).toBe(200);
      // …and may not turn it off while the rule holds.
      expect((await t.post('/api/auth/2fa/disable', { code: '000000' }, { token })).statusCode).toBe(403);

      // Every admin without it is held, whatever token they already had.
      expect((await t.get('/api/clients/all', { token: await t.tokenFor('admin') })).statusCode).toBe(403);
      // Members and other staff are not held.
      expect((await t.get('/api/products/all', { token: await t.tokenFor('stockist') })).statusCode).toBe(200);
      expect((await t.get('/api/orders/all', { token: await t.tokenFor('production') })).statusCode).toBe(200);
    } finally {
      await t.post('/api/admin/savesecuritysettings', { require_two_factor_for_admins: false }, { token: boss.token });
    }
    expect((await t.get('/api/clients/all', { token: await t.tokenFor('admin') })).statusCode).toBe(200);
  });
});
