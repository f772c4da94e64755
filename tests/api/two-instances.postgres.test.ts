import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder, openDatabase } from '../../server/db/client';
import { roles } from '../../server/db/schema';
import { ensureReferenceData } from '../../server/db/seed/reference';
import { createUser } from '../../server/modules/auth/createUser';
import { PUBLIC_URL, TEST_JWT_SECRET } from './support/app';
import { type ScratchDatabase, createScratchDatabase } from './support/database';
import { startInstance, stopInstance } from './support/mailing';
import { about, openStream } from './support/liveEvents';

/**
 * Two instances on one PostgreSQL, as behind a load balancer (PostgreSQL suite only: the
 * embedded database is one process's; vitest.config.ts leaves `*.postgres.test.ts` out without
 * DATABASE_URL). Started together on an empty database they migrate it once; a session begun on
 * one is honoured by the other, and ended on one it is ended on the other within a second.
 */
const PASSWORD = 'two-instances-pass-1234';
let scratch: ScratchDatabase;
let database: Database;
const children: ChildProcess[] = [];
const ports: number[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase();
  const env = { JWT_SECRET: TEST_JWT_SECRET, PUBLIC_URL, DATABASE_URL: scratch.url };
  // Both at once, on a database no migration has touched yet.
  const started = await Promise.allSettled([startInstance(env), startInstance(env), startInstance(env)]);
  for (const result of started) if (result.status === 'fulfilled') children.push(result.value.child), ports.push(result.value.port);
  expect(started.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
  await ensureReferenceData(database.db);
}, 60_000);

afterAll(async () => {
  for (const child of children) await stopInstance(child, 'SIGTERM');
  await database?.close();
  await scratch?.drop();
});

const url = (instance: number, path: string) => `http://127.0.0.1:${ports[instance]}${path}`;

async function signIn(instance: number, email: string): Promise<string> {
  const response = await fetch(url(instance, '/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const core = (instance: number, token: string) => fetch(url(instance, '/api/auth/core'), { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

/** Milliseconds until `instance` refuses the token (polling every 20 ms), or Infinity after `limitMs`. */
async function msUntilRefused(instance: number, token: string, limitMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if ((await core(instance, token)) === 401) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Infinity;
}

async function makeAdmin(email: string) {
  const [adminRole] = await database.db.select().from(roles).where(eq(roles.name, 'admin'));
  return createUser(database.db, { email, name: email, password: PASSWORD, roleId: adminRole.id });
}

describe('two instances on one PostgreSQL', () => {
  it('started together, they applied each migration once', async () => {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const result = await database.db.execute(sql`select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations`);
    expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({ n: journal.entries.length, distinct_hashes: journal.entries.length });
  });

  it('a token from one works on the other; a logout on one ends it on the other within a second', async () => {
    await makeAdmin('two-a@portal.test');
    const token = await signIn(0, 'two-a@portal.test');
    expect(await core(1, token)).toBe(200);
    expect(await core(2, token)).toBe(200);
    const logout = await fetch(url(1, '/api/auth/logout'), { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(logout.status).toBe(200);
    expect(await core(1, token)).toBe(401);
    expect(await msUntilRefused(0, token, 1000)).toBeLessThan(1000);
    expect(await msUntilRefused(2, token, 1000)).toBeLessThan(1000);
  });

  it('a password change made on one ends the sessions on the other within a second', async () => {
    const boss = await makeAdmin('two-boss@portal.test');
    const member = await makeAdmin('two-b@portal.test');
    const bossToken = await signIn(0, boss.email);
    const token = await signIn(0, member.email);
    expect(await core(1, token)).toBe(200);
    const changed = await fetch(url(0, '/api/admin/updateuser'), {
      method: 'POST',
      headers: { authorization: `Bearer ${bossToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: member.id, password: 'another-pass-5678' }),
    });
    expect(changed.status, await changed.text()).toBe(200);
    expect(await msUntilRefused(1, token, 1000)).toBeLessThan(1000);
    expect(await core(1, bossToken)).toBe(200);
  });

  it('an order created through one reaches a stream open on another (LISTEN/NOTIFY after commit)', async () => {
    const boss = await makeAdmin('two-live@portal.test');
    const token = await signIn(0, boss.email);
    const post = async (path: string, body: unknown) => {
      const answer = await fetch(url(0, path), { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(answer.status, await answer.clone().text()).toBeLessThan(300);
      return ((await answer.json()) as { data: { id: number } }).data.id;
    };
    const stream = await openStream(`http://127.0.0.1:${ports[2]}`, { token });
    expect(stream.status).toBe(200);
    await stream.next('ready', (event) => event.event === 'ready');
    await post('/api/admin/savebranch', { name: 'Live branch', address: '1 Main Road', default_branch: true });
    const product = await post('/api/products/save', { sku: 'LIVE-1', name: 'Live product', price: 1000 });
    const client = await post('/api/clients/save', { type: 'stockist', name: 'Live shop', email: 'live.shop@portal.test' });
    const order = await post('/api/orders/create', { client_id: client, lines: [{ product_id: product, quantity: 2 }] });
    await stream.next('the order made on the other instance', about('created', 'orders', order));
    stream.close();
  });
});
