import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { catalogueFactory } from './support/catalogue';
import { databaseName, onDatabase, serverUrl } from './support/database';

/**
 * A member's order over its credit limit is refused — also when several arrive at once.
 * PostgreSQL only (vitest.config.ts): the embedded database runs one statement at a time, so the
 * race cannot happen there. Here inserts into `orders` are held back by a table lock taken in the
 * test, so every order has made its credit check before any is written; without the client row's
 * lock around check and insert, all three would then go in.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('a credit limit under orders arriving together', () => {
  it('takes one of three orders that each fit alone but not together, and refuses the others with a 409', async () => {
    const admin = await t.tokenFor('admin');
    const created = await t.post('/api/clients/save', { type: 'stockist', name: 'Credit race shop', email: `credit-race-${Date.now()}@example.com` }, { token: admin });
    const client = created.json().data as { id: number };
    await t.post('/api/billing/saveclientbilling', { client_id: client.id, credit_limit: 10_000, payment_terms: '7' }, { token: admin });
    const member = await t.tokenFor(await t.makeUser({ role: 'stockist', clientId: client.id }));
    const product = await catalogueFactory(t).product({ price: 6_000 });

    const holder = new pg.Client({ connectionString: onDatabase(serverUrl!, await databaseName(t.db)) });
    await holder.connect();
    try {
      await holder.query('begin');
      // Reads go on; the orders' inserts wait for this (SHARE blocks ROW EXCLUSIVE).
      await holder.query('lock table orders in share mode');
      // Started now (an injected request runs once something waits on it), answered after the lock goes.
      const placed = [1, 2, 3].map(() => Promise.resolve(t.post('/api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity: 1 }] }, { token: member })));
      // All three are waiting on a lock (the table's, or with the fix the client row's): each has come as far as it can.
      for (;;) {
        // pg_stat_activity is read once per transaction unless told to look again.
        await holder.query('select pg_stat_clear_snapshot()');
        const { rows } = await holder.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        if (rows[0].waiting >= 3) break;
        await holder.query('select pg_sleep(0.01)');
      }
      await holder.query('commit');
      const answers = await Promise.all(placed);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().errors).toHaveProperty('credit_limit');
    } finally {
      await holder.end();
    }
    const list = (await t.get(`/api/orders/all?client_id=${client.id}&perPage=10`, { token: admin })).json();
    expect(list.total).toBe(1);
  });
});
