import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../server/auth/tokens';
import { clients, jobs, products, users } from '../../server/db/schema';
import { seedDemoData } from '../../server/db/seed/demo';
import { ensureReferenceData } from '../../server/db/seed/reference';
import { MEMBERSHIP_SKU } from '../../server/modules/products/membershipFee';
import { TEST_JWT_SECRET } from './support/app';
import { killableData } from './support/killableData';
import { messageIdOf, stopInstance, until } from './support/mailing';
import { type TestSmtp, headerOf, startSmtp } from './support/smtp';

/**
 * Each automatic mail goes once per event across a kill -9. A portal in its own process,
 * mail over SMTP to a server in this one, activates memberships and takes an order per member
 * (welcome and order confirmation); SIGKILL lands among them; a restarted portal is sent every
 * call again (the retries a client makes after a dropped connection). Then every event that
 * happened has exactly one mail job, and every member got exactly one welcome and one
 * confirmation: a mail in flight at the kill may be delivered again, with the same Message-ID.
 */
const MEMBERS = 24;
const ACKNOWLEDGED_BEFORE_KILL = 10;

const data = await killableData('portal-automail-crash');
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  // The killed portal drops its connections: the server reports it, and it is expected here.
  smtp.server.on('error', () => {});
});

afterAll(async () => {
  await smtp?.close();
});

async function prepare() {
  const database = await data.open();
  try {
    await ensureReferenceData(database.db);
    await seedDemoData(database.db);
    const [product] = await database.db.select({ id: products.id }).from(products).where(and(eq(products.active, true), sql`${products.sku} <> ${MEMBERSHIP_SKU}`)).limit(1);
    const members = await database.db
      .insert(clients)
      .values(Array.from({ length: MEMBERS }, (_, i) => ({ type: 'stockist' as const, name: `Crash Shop ${i}`, email: `crash.${i}@automail-crash.test`, membershipStatus: 'approved' as const })))
      .returning({ id: clients.id, email: clients.email });
    const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    const token = await new TokenService(TEST_JWT_SECRET).issue({ userId: admin.id, tokenVersion: admin.tokenVersion });
    return { productId: product.id, members, token };
  } finally {
    await database.close();
  }
}

describe('automatic mail across a kill -9', () => {
  it('one welcome and one order confirmation per member, none lost, none doubled', { timeout: 240_000 }, async () => {
    const { productId, members, token } = await prepare();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
    const post = (base: string, path: string, body: unknown, key?: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
        body: JSON.stringify(body),
      }).then(
        (response) => response.status,
        () => null,
      );
    const events = (base: string, member: { id: number }) => [
      () => post(base, '/api/clients/activate_membership', { id: member.id }),
      () => post(base, '/api/orders/create', { client_id: member.id, lines: [{ product_id: productId, quantity: 1 }] }, `automail-crash-${member.id}`),
    ];

    const first = await data.start(env);
    const base = `http://127.0.0.1:${first.port}`;
    let acknowledged = 0;
    const errors: string[] = [];
    const calls = members.flatMap((member) => events(base, member));
    const running = calls.map(async (call) => {
      const status = await call();
      if (status !== null && status >= 300) errors.push(String(status));
      if (status !== null && status < 300) acknowledged++;
    });
    await until(() => acknowledged >= ACKNOWLEDGED_BEFORE_KILL, 60_000, `${ACKNOWLEDGED_BEFORE_KILL} acknowledged events`);
    await stopInstance(first.child, 'SIGKILL');
    await Promise.all(running);
    expect(errors).toEqual([]);
    expect(acknowledged).toBeLessThan(calls.length);

    // The restarted portal gets every call again: the ones the kill cut off and the ones already done.
    const second = await data.start(env);
    const again = `http://127.0.0.1:${second.port}`;
    for (const member of members) {
      for (const call of events(again, member)) expect(await call()).toBeLessThan(300);
    }
    const delivered = () => smtp.received.filter((mail) => mail.to[0]?.endsWith('@automail-crash.test'));
    await until(() => new Set(delivered().map((mail) => messageIdOf(mail.raw))).size >= 2 * MEMBERS, 60_000, 'a welcome and a confirmation for every member');
    await stopInstance(second.child, 'SIGTERM');

    for (const member of members) {
      const mails = delivered().filter((mail) => mail.to[0] === member.email);
      const bySubject = new Map<string, Set<string>>();
      for (const mail of mails) {
        const kind = headerOf(mail.raw, 'Subject').startsWith('We received your order') ? 'confirmation' : headerOf(mail.raw, 'Subject');
        bySubject.set(kind, (bySubject.get(kind) ?? new Set()).add(messageIdOf(mail.raw)));
      }
      expect([...bySubject.keys()].sort(), member.email).toEqual(['Your membership is active', 'confirmation']);
      for (const ids of bySubject.values()) expect(ids.size, member.email).toBe(1);
    }
    const database = await data.open();
    try {
      const keys = await database.db
        .select({ key: jobs.dedupeKey, n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(eq(jobs.kind, 'mail'), sql`(${jobs.dedupeKey} like 'welcome:%' or ${jobs.dedupeKey} like 'order_confirmation:%')`))
        .groupBy(jobs.dedupeKey);
      expect(keys.filter((k) => k.n !== 1)).toEqual([]);
      expect(keys.filter((k) => k.key!.startsWith('welcome:'))).toHaveLength(MEMBERS);
    } finally {
      await database.close();
    }
  });
});
