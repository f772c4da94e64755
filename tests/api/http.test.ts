import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../server/auth/tokens';
import { authentication } from '../../server/http/authentication';
import { registerErrorHandling } from '../../server/http/errors';
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db/client';
import { outboxMailer } from '../../server/mail/mailer';
import { PUBLIC_URL, TEST_JWT_SECRET, useTestApp } from './support/app';
import { onPostgres } from './support/database';
import { compressDist } from '../../scripts/compress.mjs';

const t = useTestApp();

const postJson = (url: string, payload: string, contentType = 'application/json') =>
  t.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

describe('bad input is a 400 naming the field, never a 500', () => {
  it('malformed JSON', async () => {
    const res = await postJson('/api/auth/login', '{"email": "admin@example.com", "password": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringMatching(/json/i), errors: { body: expect.any(String) } });
  });

  it('an empty JSON body', async () => {
    const res = await postJson('/api/auth/login', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toBeDefined();
  });

  it('no body at all', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/login' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toBeDefined();
  });

  it('wrong types name every wrong field', async () => {
    const res = await postJson('/api/auth/login', JSON.stringify({ email: 1, password: true }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toEqual({ email: expect.any(String), password: expect.any(String) });
    expect(body.message).toEqual(expect.any(String));
  });

  it('a text/plain body is not an object', async () => {
    const res = await postJson('/api/auth/login', 'email=admin@example.com', 'text/plain');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toBeDefined();
  });

  it('a JSON array or a bare string instead of an object', async () => {
    for (const payload of ['[]', '"admin@example.com"', 'null']) {
      const res = await postJson('/api/auth/login', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toBeDefined();
    }
  });

  it('missing fields are named as required', async () => {
    const none = await postJson('/api/auth/login', '{}');
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ email: expect.stringMatching(/required/), password: expect.stringMatching(/required/) });

    const noPassword = await postJson('/api/auth/login', JSON.stringify({ email: 'admin@example.com' }));
    expect(noPassword.statusCode).toBe(400);
    expect(Object.keys(noPassword.json().errors)).toEqual(['password']);
  });

  it('strings are not coerced in bodies, and empty strings are refused', async () => {
    const res = await postJson('/api/auth/reset-password', JSON.stringify({ token: 12345, password: 123456789012345 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ token: expect.any(String), password: expect.any(String) });
    const empty = await postJson('/api/auth/login', JSON.stringify({ email: '', password: '' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('email');
  });

  it('an id beyond the database integer range is a 400 naming id, not a 500', async () => {
    const token = await t.tokenFor('admin');
    for (const id of [3000000000, 1e308]) {
      for (const url of ['/api/products/delete', '/api/clients/delete', '/api/orders/delete']) {
        const res = await t.post(url, { id }, { token });
        expect(res.statusCode, `${url} ${id}`).toBe(400);
        expect(res.json().errors).toHaveProperty('id');
      }
      const read = await t.get(`/api/orders/order?id=${id}`, { token });
      expect(read.statusCode).toBe(400);
      expect(read.json().errors).toHaveProperty('id');
    }
  });

  it('an unsupported content type is a 415 in the same error shape', async () => {
    const res = await postJson('/api/auth/login', 'email=admin@example.com', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: expect.any(String), errors: { body: expect.any(String) } });
  });

  it('a body over the limit is a 413 in the same error shape', async () => {
    const res = await postJson('/api/auth/login', JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.any(String), errors: { body: expect.any(String) } });
  });
});

describe('unknown paths, health, docs', () => {
  it('an unknown /api path is a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/orders/nope'],
      ['GET', '/api/auth/login'],
    ] as const) {
      const res = await t.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: expect.stringContaining(url) });
    }
  });

  it('/api/health answers {status: "ok"} without a token, with the state of the job queue', async () => {
    const res = await t.get('/api/health');
    expect(res.statusCode).toBe(200);
    // The test apps run no worker of their own (they drain the queue when a test says so).
    expect(res.json()).toEqual({
      status: 'ok',
      database: { state: 'up', latency_ms: expect.any(Number) },
      jobs: { worker: 'stopped', due: expect.any(Number), failed: expect.any(Number), last_error: null },
    });
    const due = res.json().jobs.due;
    expect((await t.post('/api/auth/forgot-password', { email: 'admin@example.com' })).statusCode).toBe(200);
    expect((await t.get('/api/health')).json().jobs.due).toBe(due + 1);
    await t.drainJobs();
    expect((await t.get('/api/health')).json().jobs.due).toBe(0);
    // The suite runs where it says it runs: PostgreSQL when DATABASE_URL is set.
    expect(t.kind).toBe(onPostgres ? 'postgres' : 'pglite');
  });

  it('/api/health answers 503 naming the database when the database does not answer', async () => {
    const broken = await buildApp({
      db: { execute: async () => Promise.reject(new Error('connection refused')) } as unknown as Db,
      mailer: outboxMailer(t.db),
      jwtSecret: TEST_JWT_SECRET,
      publicUrl: PUBLIC_URL,
    });
    try {
      const res = await broken.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: { state: 'down', error: 'connection refused' } });
    } finally {
      await broken.close();
    }
  });

  it('every answer carries its request id (the one in its log lines): the caller\'s X-Request-Id when it sends a sound one, else a new one', async () => {
    const given = await t.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a');
    const made = await t.inject({ method: 'GET', url: '/api/health' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await t.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(made.headers['x-request-id']);
    // Not a way to write anything into the logs.
    const odd = await t.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a"b\\n{c}' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('/api/docs/json is an OpenAPI document listing the auth paths', async () => {
    const res = await t.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toEqual(expect.any(String));
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/check',
        '/api/auth/refresh',
        '/api/auth/core',
        '/api/auth/logout',
        '/api/auth/forgot-password',
        '/api/auth/reset-password',
        '/api/health',
      ]),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/auth/login'].post.responses).toHaveProperty('401');
  });
});

describe('every /api route declares who may call it', () => {
  const throwaway = async () => {
    const app = Fastify();
    registerErrorHandling(app);
    await app.register(authentication, { db: t.db, tokens: new TokenService(TEST_JWT_SECRET) });
    return app;
  };

  it('registering an /api route without config.access fails', async () => {
    const app = await throwaway();
    try {
      await expect(
        (async () => {
          app.get('/api/undeclared', async () => ({ leaked: true }));
          await app.ready();
        })(),
      ).rejects.toThrow(/does not declare config\.access/);
    } finally {
      await app.close().catch(() => {});
    }
  });

  it('the same route with config.access registers, and the declared access is enforced', async () => {
    const app = await throwaway();
    try {
      app.get('/api/declared', { config: { access: ['admin'] } }, async () => ({ ok: true }));
      app.get('/api/open', { config: { access: 'public' } }, async () => ({ ok: true }));
      app.get('/not-api', async () => ({ ok: true }));
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/api/declared' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/open' })).statusCode).toBe(200);
      const stockist = await t.tokenFor('stockist');
      const admin = await t.tokenFor('admin');
      const asStockist = await app.inject({ method: 'GET', url: '/api/declared', headers: { authorization: `Bearer ${stockist}` } });
      expect(asStockist.statusCode).toBe(403);
      const asAdmin = await app.inject({ method: 'GET', url: '/api/declared', headers: { authorization: `Bearer ${admin}` } });
      expect(asAdmin.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('in the real app, every documented route that is not public answers 401 without a token', async () => {
    // A new public route must be added here on purpose.
    const isPublic = new Set([
      'GET /api/auth/demo-accounts',
      'POST /api/auth/login',
      'GET /api/auth/check',
      'POST /api/auth/forgot-password',
      'POST /api/auth/reset-password',
      'GET /api/health',
      'GET /api/orders/orderbytoken',
      // Registration and membership completion (tests/api/crm-leads and crm-membership test them).
      'POST /api/crm/savelead',
      'GET /api/crm/registration_options',
      'GET /api/crm/completion_data/{token}',
      'POST /api/crm/finalise_membership',
      // The unsubscribe link in list mail: the token is the authorisation.
      'GET /api/crm/unsubscribe',
      'POST /api/crm/unsubscribe',
      // The second step of a sign-in: the challenge a right password answered is the authorisation.
      'POST /api/auth/2fa/verify',
      // Bounce reports from the mail provider: the HMAC signature is the authorisation
      // (tests/api/crm-bounces.test.ts refuses unsigned, wrongly signed and stale ones).
      'POST /api/webhooks/bounce',
      'POST /api/webhooks/bounce/mailgun',
      // PayFast's payment notification: its signature, source address and PayFast's own confirmation
      // are the authorisation (tests/api/payfast.test.ts refuses each of them failing).
      'POST /api/billing/payfast_notify',
      // The demo's test gateway (never in production, nor with PayFast settings): the form the browser
      // posts to it as it would to PayFast; its signature is checked and it only redirects.
      'POST /api/billing/test_gateway/eng/process',
      // Campaign mail's tracked links and open pixel: the signed token is the authorisation
      // (tests/api/crm-engagement-smtp.test.ts: forged and altered tokens are 404 and count nothing).
      'GET /api/mailing/click/{token}',
      'GET /api/mailing/open/{token}',
      // The company's information officer, named on the public privacy page (POPIA).
      'GET /api/privacy/officer',
      // Courier tracking events: the HMAC signature is the authorisation, as for bounces
      // (tests/api/courier-webhook.test.ts refuses unsigned, wrongly signed, stale and replayed ones).
      'POST /api/webhooks/courier',
    ]);
    const doc = (await t.get('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        if (isPublic.has(key) || method === 'head') continue;
        // Path parameters get a harmless value; the 401 comes before any validation.
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await t.inject({ method: method.toUpperCase() as 'GET', url });
        expect(res.statusCode, key).toBe(401);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });
});

describe('security headers', () => {
  it('are on API answers, including 404s', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.get(url);
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
      // No inline script or style is ever allowed: the web app's styles carry a nonce.
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      // A nonce only on an HTML page (below): an answer that is not a page allows no inline
      // script or style at all, with the same policy every time.
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("style-src 'self';");
      expect(csp).not.toContain('nonce-');
      expect((await t.get(url)).headers['content-security-policy']).toBe(csp);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('keep CORS closed: no other origin is allowed to read an answer, nor to preflight a call', async () => {
    const preflight = await t.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
    const read = await t.get('/api/health', { headers: { origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    expect(read.headers['set-cookie']).toBeUndefined();
  });

  it('open CORS only to the origins CORS_ORIGINS names, without credentials', async () => {
    const partner = await t.variant({ corsOrigins: ['https://partner.example'] });
    const preflight = (origin: string) =>
      partner.inject({ method: 'OPTIONS', url: '/api/auth/login', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    const allowed = await preflight('https://partner.example');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(allowed.headers['access-control-allow-headers']).toMatch(/Authorization/);
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    const read = await partner.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://partner.example' } });
    expect(read.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(read.headers.vary).toMatch(/Origin/);
    for (const origin of ['https://evil.example', 'https://partner.example.evil.example', 'null']) {
      const refused = await preflight(origin);
      expect(refused.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(refused.statusCode, origin).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('the built SPA with history fallback', () => {
  let spa: FastifyInstance;
  let dist: string;
  const get = (url: string) => spa.inject({ method: 'GET', url });

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><meta name="csp-nonce" content="__CSP_NONCE__"><title>Members Portal</title><div id="root" data-test="spa-index"></div>${'<!-- padding -->'.repeat(80)}`,
    );
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log("spa");');
    writeFileSync(join(dist, 'assets', 'big-def456.js'), `console.log(${JSON.stringify('a member of the portal '.repeat(400))});`);
    // What `npm run build` leaves: a .br and a .gz beside every asset (scripts/compress.mjs).
    // index.html is large enough to get its own .br and .gz too: they must never be served in its place.
    expect(compressDist(dist)).toBe(2);
    // A large file with no precompressed copy: the server must not compress the web app's files per request.
    writeFileSync(join(dist, 'assets', 'late-aaa111.js'), `console.log(${JSON.stringify('not precompressed '.repeat(400))});`);
    spa = await t.variant({ distDir: dist });
  });

  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for page paths', async () => {
    for (const url of ['/', '/index.html', '/orders', '/clients/view/3', '/reset-password/abc?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('data-test="spa-index"');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('keeps the page routes out of the OpenAPI document (they are the web app, not the API)', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('puts a fresh CSP nonce into index.html, the same as its style-src, on every page answer', async () => {
    const seen = new Set<string>();
    for (const url of ['/', '/index.html', '/orders', '/login']) {
      for (const encoding of [undefined, 'gzip, deflate, br']) {
        const res = await spa.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBeUndefined();
        const inPage = /<meta name="csp-nonce" content="([0-9a-f]{32})">/.exec(res.body)?.[1];
        expect(inPage, `${url}: ${res.body.slice(0, 80)}`).toBeDefined();
        expect(res.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${inPage}'`);
        expect(res.body).not.toContain('__CSP_NONCE__');
        seen.add(inPage!);
      }
    }
    expect(seen.size).toBe(8);
    for (const url of ['/index.html.br', '/index.html.gz']) expect((await get(url)).body, url).not.toContain('__CSP_NONCE__');
  });

  it('serves hashed assets as immutable', async () => {
    const res = await get('/assets/main-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('console.log("spa")');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends each browser the precompressed asset it accepts: brotli, else gzip, else plain', async () => {
    const plain = readFileSync(join(dist, 'assets', 'big-def456.js'));
    const ask = (encoding?: string) =>
      spa.inject({ method: 'GET', url: '/assets/big-def456.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await ask('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(plain.length / 5);
    expect(brotliDecompressSync(br.rawPayload).equals(plain)).toBe(true);
    const gz = await ask('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain)).toBe(true);
    const none = await ask();
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.rawPayload.equals(plain)).toBe(true);
  });

  it('compresses the web app’s files at build only, never per request (JSON answers are)', async () => {
    const late = await spa.inject({ method: 'GET', url: '/assets/late-aaa111.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(late.statusCode).toBe(200);
    expect(late.headers['content-encoding']).toBeUndefined();
    expect(late.body).toContain('not precompressed');
    const page = await spa.inject({ method: 'GET', url: '/orders', headers: { 'accept-encoding': 'gzip, br' } });
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body).toContain('data-test="spa-index"');
  });

  it('keeps unknown /api paths, non-GET page paths and missing assets as JSON 404s', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/orders'],
      ['GET', '/assets/main-old999.js'],
    ] as const) {
      const res = await spa.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('still answers the API', async () => {
    expect((await get('/api/health')).json()).toMatchObject({ status: 'ok', jobs: { worker: 'stopped' } });
  });
});

describe('GET /api/auth/demo-accounts', () => {
  it('lists nothing unless the app runs in demo mode (production never publishes a password)', async () => {
    const res = await t.get('/api/auth/demo-accounts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { password: '', accounts: [] } });
  });

  it('lists the five demo accounts and their password in demo mode, and they work', async () => {
    const demo = await t.variant({ demoAccounts: true });
    const { data } = (await demo.inject({ method: 'GET', url: '/api/auth/demo-accounts' })).json();
    expect(data.accounts.map((a: { role: string }) => a.role).sort()).toEqual(['admin', 'individual', 'production', 'reseller', 'stockist']);
    const admin = data.accounts.find((a: { role: string }) => a.role === 'admin');
    const login = await demo.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: data.password } });
    expect(login.statusCode).toBe(200);
  });
});
