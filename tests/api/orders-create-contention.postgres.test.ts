import { and, eq, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products } from '../../server/db/schema';
import { MEMBERSHIP_SKU } from '../../server/modules/products/membershipFee';
import { useTestApp } from './support/app';

/**
 * On PostgreSQL, where creates run side by side: a new order's commit waits on no row other orders
 * share. The day's stats row and the orders' change counters are held by another transaction
 * here; the order is committed all the same, and its create answers once they are free (its
 * announcement counts it there).
 */
const t = useTestApp();

describe('orders/create beside a transaction holding the shared rows (PostgreSQL)', () => {
  it('commits the order while the daily stats and the change counters are locked', async () => {
    const stockist = t.demo.stockist;
    const token = await t.tokenFor('stockist');
    const [product] = await t.db.select({ id: products.id }).from(products).where(and(eq(products.active, true), sql`${products.sku} <> ${MEMBERSHIP_SKU}`)).limit(1);
    const body = { client_id: stockist.clientId, lines: [{ product_id: product.id, quantity: 1 }] };
    // A first order makes today's stats row exist, so there is a row to hold.
    const first = await t.post('/api/orders/create', body, { token });
    expect(first.statusCode).toBe(201);
    const firstId = (first.json().data as { id: number }).id;

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from order_daily_stats for update`);
      await tx.execute(sql`select 1 from change_counters for update`);
      holding();
      await released;
    });
    await held;
    const answer = t.post('/api/orders/create', body, { token });
    // Committed, seen from another connection, while the shared rows are still held: before, the
    // order's statement waited for the stats row until the holder ended.
    let committed: { id: number }[] = [];
    while (committed.length === 0) {
      committed = await t.db.select({ id: orders.id }).from(orders).where(and(eq(orders.clientId, stockist.clientId!), gt(orders.id, firstId)));
    }
    release();
    await holder;
    const created = await answer;
    expect(created.statusCode).toBe(201);
    expect((created.json().data as { id: number }).id).toBe(committed[0].id);
  });
});
