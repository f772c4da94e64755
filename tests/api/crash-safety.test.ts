import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TokenService } from '../../server/auth/tokens';
import { clients, products, users } from '../../server/db/schema';
import { seedDemoData } from '../../server/db/seed/demo';
import { ensureReferenceData } from '../../server/db/seed/reference';
import { MEMBERSHIP_SKU } from '../../server/modules/products/membershipFee';
import { TEST_JWT_SECRET } from './support/app';
import { killableData } from './support/killableData';
import { stopInstance, until } from './support/mailing';

/**
 * Crash safety: mixed load (reads and multi-line orders from several clients at once) on a
 * server in its own process, SIGKILL mid-load, a restart on the same data (the PGlite folder, or the
 * PostgreSQL database). Every order the server acknowledged must be there, whole, with its total;
 * no order may be half-written; no request may have failed with a 5xx before the kill.
 */
const CLIENTS = 8;
/** Acknowledged orders wanted before the kill: enough that a kill lands among writes in flight. */
const ORDERS_BEFORE_KILL = 100;

interface Acknowledged {
  id: number;
  total: number;
  lines: { product_id: number; quantity: number; unit_price: number; line_total: number }[];
}

const data = await killableData('portal-crash');
const openData = data.open;

/** The demo data, the ids the load orders from, and a token per ordering role (minted, not signed in: no password hashing). */
async function prepare() {
  const database = await openData();
  try {
    await ensureReferenceData(database.db);
    await seedDemoData(database.db);
    const forSale = await database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.active, true), sql`${products.sku} <> ${MEMBERSHIP_SKU}`));
    const clientIds = (await database.db.select({ id: clients.id }).from(clients).limit(8)).map((c) => c.id);
    const tokens = new TokenService(TEST_JWT_SECRET);
    const tokenOf = async (email: string) => {
      const [user] = await database.db.select().from(users).where(eq(users.email, email));
      return { token: await tokens.issue({ userId: user.id, tokenVersion: user.tokenVersion }), clientId: user.clientId };
    };
    const admin = await tokenOf('admin@example.com');
    const stockist = await tokenOf('stockist@example.com');
    return { productIds: forSale.map((p) => p.id), clientIds, admin, stockist };
  } finally {
    // The embedded database is one process's at a time.
    await database.close();
  }
}


describe('kill -9 under load', () => {
  it('loses no acknowledged order, writes none by half, answers no 5xx', { timeout: 180_000 }, async () => {
    const { productIds, clientIds, admin, stockist } = await prepare();
    expect(productIds.length).toBeGreaterThan(5);

    const first = await data.start();
    const base = `http://127.0.0.1:${first.port}`;

    const acknowledged: Acknowledged[] = [];
    const serverErrors: string[] = [];
    const refused: string[] = [];
    let reads = 0;
    let killed = false;
    let seq = 0;
    const pick = <T,>(list: T[]) => list[Math.floor(Math.random() * list.length)];

    /** One request; a connection dropped by the kill is no answer (the order was not acknowledged). */
    const call = async (path: string, token: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': `crash-${++seq}` }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).catch(() => null);
      if (!response) return null;
      const text = await response.text().catch(() => null);
      if (text === null) return null;
      if (response.status >= 500) serverErrors.push(`${response.status} ${path}: ${text.slice(0, 200)}`);
      return { status: response.status, json: () => JSON.parse(text) };
    };

    const order = async (worker: number) => {
      // Half the clients order as the admin for any member, the others as the stockist for its own client.
      const asAdmin = worker % 2 === 0;
      const caller = asAdmin ? admin : stockist;
      const lineCount = 2 + Math.floor(Math.random() * 7);
      const chosen = [...productIds].sort(() => Math.random() - 0.5).slice(0, lineCount);
      const body = {
        client_id: asAdmin ? pick(clientIds) : caller.clientId,
        lines: chosen.map((product_id) => ({ product_id, quantity: 1 + Math.floor(Math.random() * 9) })),
      };
      const answer = await call('/api/orders/create', caller.token, body);
      if (answer?.status === 201) {
        const { id, total, lines } = answer.json().data as Acknowledged;
        acknowledged.push({ id, total, lines: lines.map(({ product_id, quantity, unit_price, line_total }) => ({ product_id, quantity, unit_price, line_total })) });
      } else if (answer) {
        refused.push(`orders/create answered ${answer.status}: ${JSON.stringify(answer.json())}`);
      }
    };

    const read = async () => {
      const path = pick(['/api/orders/all?page=1&perPage=25&sort=created_at&order=DESC', '/api/products/all?page=1&perPage=25', '/api/clients/all?page=1&perPage=25']);
      const answer = await call(path, admin.token);
      if (answer) reads += 1;
    };

    const workers = Array.from({ length: CLIENTS }, async (_, worker) => {
      while (!killed) {
        if (Math.random() < 0.6) await order(worker);
        else await read();
      }
    });

    await until(() => acknowledged.length >= ORDERS_BEFORE_KILL, 90_000, `${ORDERS_BEFORE_KILL} acknowledged orders`);
    await stopInstance(first.child, 'SIGKILL');
    killed = true;
    await Promise.all(workers);
    const ackedAtKill = acknowledged.length;
    expect(serverErrors).toEqual([]);
    expect(refused).toEqual([]);
    expect(reads).toBeGreaterThan(0);

    const second = await data.start();
    const again = `http://127.0.0.1:${second.port}`;
    const missing: string[] = [];
    for (let i = 0; i < acknowledged.length; i += 20) {
      await Promise.all(
        acknowledged.slice(i, i + 20).map(async (ack) => {
          const response = await fetch(`${again}/api/orders/order?id=${ack.id}`, { headers: { authorization: `Bearer ${admin.token}` } });
          if (response.status !== 200) return missing.push(`order ${ack.id}: ${response.status}`);
          const { data } = (await response.json()) as { data: Acknowledged };
          expect({ id: data.id, total: data.total, lines: data.lines.map(({ product_id, quantity, unit_price, line_total }) => ({ product_id, quantity, unit_price, line_total })) }).toEqual(ack);
        }),
      );
    }
    expect(missing).toEqual([]);
    // The restarted server takes orders again.
    const after = await fetch(`${again}/api/orders/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stockist.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: stockist.clientId, lines: [{ product_id: productIds[0], quantity: 1 }] }),
    });
    expect(after.status).toBe(201);
    await stopInstance(second.child, 'SIGTERM');

    // Straight in the database: no order without lines, none whose total is not its lines' sum,
    // and the daily stats agree with the orders (an order is counted in them after its commit:
    // what the killed instance left uncounted, the restarted one counted as it started).
    const database = await openData();
    try {
      const rows = <T,>(result: unknown) => (result as { rows: T[] }).rows;
      const broken = rows<{ id: number }>(
        await database.db.execute(sql`
          select o.id from orders o left join order_lines l on l.order_id = o.id
          group by o.id having count(l.id) = 0 or o.total <> coalesce(sum(l.total), 0) or o.vat <> coalesce(sum(l.vat), 0)`),
      );
      expect(broken).toEqual([]);
      const statsDisagree = rows<{ branch_id: number }>(
        await database.db.execute(sql`
          with o as (select branch_id, status, count(*)::int as n, sum(total)::bigint as v from orders group by 1, 2),
               s as (select branch_id, status, sum(order_count)::int as n, sum(order_value)::bigint as v from order_daily_stats group by 1, 2)
          select coalesce(o.branch_id, s.branch_id) as branch_id from o full join s on o.branch_id = s.branch_id and o.status = s.status
          where coalesce(o.n, 0) <> coalesce(s.n, 0) or coalesce(o.v, 0) <> coalesce(s.v, 0)`),
      );
      expect(statsDisagree).toEqual([]);
      const [{ n }] = rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from orders where id = any(${`{${acknowledged.map((a) => a.id).join(',')}}`}::int[])`));
      expect(n).toBe(ackedAtKill);
    } finally {
      await database.close();
    }
  });
});
