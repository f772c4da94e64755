import { and, count, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { branches, clients, products, stockLevels, stockMovements } from '../../server/db/schema';
import { useTestApp } from './support/app';
import { stockFactory } from './support/stock';
import { LOW_STOCK_MARK } from '../../shared/stock/availability';

/**
 * Stock per branch: the levels every product on sale has in each branch, adjustments and counts
 * with their movements and audit entries, reservation at confirmation, backorders filled oldest
 * first, release at cancellation, what members are told, and bad input refused with nothing changed.
 */
const t = useTestApp();
const s = stockFactory(t);
const admin = () => t.tokenFor('admin');

const movementCount = async (productId: number) => (await t.db.select({ n: count() }).from(stockMovements).where(eq(stockMovements.productId, productId)))[0].n;

describe('stock levels and adjustments', () => {
  it('lists every product on sale in every branch, zeros where nothing moved; an adjustment moves its row, with its movement and audit entry', async () => {
    const product = await s.product();
    const branchCount = (await t.db.select({ n: count() }).from(branches))[0].n;
    const all = await t.get(`/api/stock/levels?product_id=${product.id}`, { token: await admin() });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBe(branchCount);
    for (const row of all.json().data) expect(row).toMatchObject({ product_id: product.id, on_hand: 0, reserved: 0, available: 0, backordered: 0, in_production: 0 });

    const branch = await s.branch();
    const adjusted = await s.adjust(branch, product.id, 12, 'Opening count');
    expect(adjusted).toMatchObject({ id: `${branch}-${product.id}`, branch_id: branch, product_id: product.id, on_hand: 12, reserved: 0, available: 12 });
    expect(await s.level(branch, product.id)).toMatchObject({ on_hand: 12, available: 12 });

    const production = await t.tokenFor('production');
    const down = await t.post('/api/stock/adjust', { branch_id: branch, product_id: product.id, quantity: -2, reason: 'Broken in the store', kind: 'count' }, { token: production });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().data).toMatchObject({ on_hand: 10, available: 10 });

    const moves = await t.get(`/api/stock/movements?product_id=${product.id}&sort=id&order=DESC`, { token: production });
    expect(moves.statusCode, moves.body).toBe(200);
    expect(moves.json().total).toBe(2);
    expect(moves.json().data.map((m: { kind: string; quantity: number; reason: string; user_id: number }) => [m.kind, m.quantity, m.reason, m.user_id])).toEqual([
      ['count', -2, 'Broken in the store', t.demo.production.id],
      ['adjustment', 12, 'Opening count', t.demo.admin.id],
    ]);
    const audit = await t.audit('adjust_stock', `${branch}-${product.id}`);
    expect(audit.map((entry) => entry.data)).toEqual([
      expect.objectContaining({ quantity: 12, reason: 'Opening count', on_hand: 12 }),
      expect.objectContaining({ quantity: -2, reason: 'Broken in the store', on_hand: 10, kind: 'count' }),
    ]);
  });

  it('searches, sorts and pages the levels', async () => {
    const branch = await s.branch();
    const product = await s.product({ name: `Zebra mugs ${Date.now()}` });
    await s.adjust(branch, product.id, 3);
    const found = await t.get(`/api/stock/levels?branch_id=${branch}&q=zebra%20mugs&perPage=5`, { token: await admin() });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((row: { product_id: number }) => row.product_id)).toContain(product.id);
    const byStock = await t.get(`/api/stock/levels?branch_id=${branch}&sort=on_hand&order=DESC&perPage=1`, { token: await admin() });
    expect(byStock.json().data[0].on_hand).toBeGreaterThanOrEqual(3);
    const membershipFee = await t.get(`/api/stock/levels?q=MEMBERSHIP`, { token: await admin() });
    expect(membershipFee.json().data.filter((row: { sku: string }) => row.sku === 'MEMBERSHIP')).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field and changes nothing', async () => {
    const branch = await s.branch();
    const product = await s.product();
    await s.adjust(branch, product.id, 4);
    const client = await s.client();
    const order = await s.order(client.id, branch, [{ product_id: product.id, quantity: 3 }]);
    await s.move(order.id, 'confirmed');
    const [inactive] = await t.db.update(products).set({ active: false }).where(eq(products.id, (await s.product()).id)).returning();
    const before = { level: await s.level(branch, product.id), moves: await movementCount(product.id) };

    const cases: [Record<string, unknown>, string][] = [
      [{ branch_id: branch, product_id: product.id, quantity: -5, reason: 'Lost' }, 'quantity'],
      // 3 of the 4 are reserved for the confirmed order: only one may go.
      [{ branch_id: branch, product_id: product.id, quantity: -2, reason: 'Lost' }, 'quantity'],
      [{ branch_id: branch, product_id: product.id, quantity: 0, reason: 'Nothing' }, 'quantity'],
      [{ branch_id: branch, product_id: product.id, quantity: 1.5, reason: 'Half' }, 'quantity'],
      [{ branch_id: branch, product_id: product.id, quantity: 1, reason: '   ' }, 'reason'],
      [{ branch_id: branch, product_id: product.id, quantity: 1, reason: '' }, 'reason'],
      [{ branch_id: branch, product_id: product.id, quantity: 1 }, 'reason'],
      [{ branch_id: branch, product_id: inactive.id, quantity: 1, reason: 'Found' }, 'product_id'],
      [{ branch_id: branch, product_id: 999_999, quantity: 1, reason: 'Found' }, 'product_id'],
      [{ branch_id: 999_999, product_id: product.id, quantity: 1, reason: 'Found' }, 'branch_id'],
      [{ branch_id: branch, product_id: product.id, quantity: 1, reason: 'Found', kind: 'production' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post('/api/stock/adjust', body, { token: await admin() });
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await s.level(branch, product.id)).toEqual(before.level);
    expect(await movementCount(product.id)).toBe(before.moves);
    // One unit is free to go.
    expect(await s.adjust(branch, product.id, -1, 'Broken')).toMatchObject({ on_hand: 3, reserved: 3, available: 0 });
  });
});

describe('reservations', () => {
  it('a confirmation reserves what is available and backorders the rest; a cancellation releases, and the oldest backorder is filled first', async () => {
    const branch = await s.branch();
    const product = await s.product();
    await s.adjust(branch, product.id, 5);
    const client = await s.client();
    const a = await s.order(client.id, branch, [{ product_id: product.id, quantity: 3 }]);
    const b = await s.order(client.id, branch, [{ product_id: product.id, quantity: 4 }]);
    const c = await s.order(client.id, branch, [{ product_id: product.id, quantity: 2 }]);
    // A new order holds nothing.
    expect(await s.level(branch, product.id)).toMatchObject({ on_hand: 5, reserved: 0, available: 5, backordered: 0 });

    await s.move(a.id, 'confirmed');
    expect(await s.holding(a.id)).toEqual([expect.objectContaining({ quantity: 3, reserved: 3, backordered: 0, delivered: 0 })]);
    t.clock.advance(60_000);
    await s.move(b.id, 'confirmed');
    expect(await s.holding(b.id)).toEqual([expect.objectContaining({ quantity: 4, reserved: 2, backordered: 2 })]);
    t.clock.advance(60_000);
    await s.move(c.id, 'confirmed');
    expect(await s.holding(c.id)).toEqual([expect.objectContaining({ quantity: 2, reserved: 0, backordered: 2 })]);
    expect(await s.level(branch, product.id)).toMatchObject({ on_hand: 5, reserved: 5, available: 0, backordered: 4 });

    // Three units arrive: b (confirmed before c) takes its two, c gets the third.
    await s.adjust(branch, product.id, 3, 'Delivery from the factory');
    expect(await s.holding(b.id)).toEqual([expect.objectContaining({ reserved: 4, backordered: 0 })]);
    expect(await s.holding(c.id)).toEqual([expect.objectContaining({ reserved: 1, backordered: 1 })]);

    // a is cancelled: its three go back, and c's last backorder takes one of them.
    await s.move(a.id, 'cancelled');
    expect(await s.holding(a.id)).toEqual([]);
    expect(await s.holding(c.id)).toEqual([expect.objectContaining({ reserved: 2, backordered: 0 })]);
    expect(await s.level(branch, product.id)).toMatchObject({ on_hand: 8, reserved: 6, available: 2, backordered: 0 });

    const kinds = await t.get(`/api/stock/movements?product_id=${product.id}&sort=id`, { token: await admin() });
    expect(kinds.json().data.map((m: { kind: string }) => m.kind)).toEqual(['adjustment', 'reservation', 'reservation', 'reservation', 'adjustment', 'backorder_filled', 'backorder_filled', 'cancellation', 'backorder_filled']);
    expect(await s.invariants()).toEqual([]);
  });

  it('an edit of a confirmed order’s lines holds the new quantities, in the order’s place in the queue', async () => {
    const branch = await s.branch();
    const product = await s.product();
    const other = await s.product();
    await s.adjust(branch, product.id, 2);
    const client = await s.client();
    const first = await s.order(client.id, branch, [{ product_id: product.id, quantity: 3 }]);
    const second = await s.order(client.id, branch, [{ product_id: product.id, quantity: 1 }]);
    await s.move(first.id, 'confirmed');
    t.clock.advance(60_000);
    await s.move(second.id, 'confirmed');
    const current = (await t.get(`/api/orders/order?id=${first.id}`, { token: await admin() })).json().data;
    const edited = await t.post('/api/orders/update', { id: first.id, version: current.version, lines: [{ product_id: product.id, quantity: 1 }, { product_id: other.id, quantity: 2 }] }, { token: await admin() });
    expect(edited.statusCode, edited.body).toBe(200);
    // first now wants 1 of the 2 (it keeps its place, before second) and 2 of a product with none.
    expect((await s.holding(first.id)).map((r) => [r.productId, r.quantity, r.reserved, r.backordered])).toEqual([
      [product.id, 1, 1, 0],
      [other.id, 2, 0, 2],
    ]);
    expect(await s.holding(second.id)).toEqual([expect.objectContaining({ reserved: 1, backordered: 0 })]);
    expect(await s.invariants()).toEqual([]);
  });

  it('the membership fee and a new order hold nothing; an order in production keeps what it holds', async () => {
    const branch = await s.branch();
    const product = await s.product();
    await s.adjust(branch, product.id, 1);
    const client = await s.client();
    const order = await s.order(client.id, branch, [{ product_id: product.id, quantity: 1 }]);
    await s.move(order.id, 'confirmed');
    await s.move(order.id, 'in_production');
    await s.move(order.id, 'ready');
    expect(await s.holding(order.id)).toEqual([expect.objectContaining({ reserved: 1 })]);
    const [level] = await t.db.select().from(stockLevels).where(and(eq(stockLevels.branchId, branch), eq(stockLevels.productId, product.id)));
    expect(level).toMatchObject({ onHand: 1, reserved: 1 });
  });
});

describe('what members see', () => {
  /** The demo stockist's branch: where what it is told is read. */
  const stockistBranch = async () => {
    const [home] = await t.db.select({ branchId: clients.branchId }).from(clients).where(eq(clients.id, t.demo.stockist.clientId!));
    return home.branchId!;
  };
  /** What the demo stockist is told of these products: the answer's rows, and its body as sent. */
  const toldStockist = async (...productIds: number[]) => {
    const res = await t.get(`/api/stock/availability?product_ids=${productIds.join(',')}`, { token: await t.tokenFor('stockist') });
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json().data as { product_id: number; availability: string; expected_on: string | null }[], body: res.body };
  };

  it('availability is three words per product and never a figure', async () => {
    const branch = await stockistBranch();
    const plenty = await s.product();
    const few = await s.product();
    const none = await s.product();
    await s.adjust(branch, plenty.id, 50);
    await s.adjust(branch, few.id, 2);
    const told = await toldStockist(plenty.id, few.id, none.id);
    expect(told.rows).toEqual([
      { product_id: plenty.id, availability: 'in_stock', expected_on: null },
      { product_id: few.id, availability: 'low', expected_on: null },
      { product_id: none.id, availability: 'backordered', expected_on: null },
    ]);
    expect(told.body).not.toMatch(/50|on_hand|reserved/);
  });

  it("low is below the product's own mark when it has one, the default's otherwise; the stock list answers the mark", async () => {
    const branch = await stockistBranch();
    const byTheCase = await s.product({ low_stock_mark: 20 });
    const slow = await s.product({ low_stock_mark: 0 });
    const plain = await s.product();
    for (const product of [byTheCase, slow, plain]) await s.adjust(branch, product.id, 10);
    await s.adjust(branch, slow.id, -9);
    const told = await toldStockist(byTheCase.id, slow.id, plain.id);
    // Ten left is low for a product sold by the case (mark 20), in stock for the default (5); one
    // left of a product whose mark is 0 is in stock.
    expect(told.rows).toEqual([
      { product_id: byTheCase.id, availability: 'low', expected_on: null },
      { product_id: slow.id, availability: 'in_stock', expected_on: null },
      { product_id: plain.id, availability: 'in_stock', expected_on: null },
    ]);
    expect(told.body).not.toMatch(/low_mark|low_stock_mark/);
    const levels = await t.get(`/api/stock/levels?branch_id=${branch}&ids=${byTheCase.id},${slow.id},${plain.id}&sort=product_name`, { token: await t.tokenFor('production') });
    expect(levels.statusCode, levels.body).toBe(200);
    const marks = Object.fromEntries((levels.json().data as { product_id: number; low_mark: number }[]).map((row) => [row.product_id, row.low_mark]));
    expect(marks).toEqual({ [byTheCase.id]: 20, [slow.id]: 0, [plain.id]: LOW_STOCK_MARK });
  });

  it('a backordered product says when it is expected: the earliest work order planned for it in the branch, not yet done', async () => {
    const home = await stockistBranch();
    const waiting = await s.product();
    const stocked = await s.product();
    await s.adjust(home, stocked.id, 50);
    const plan = async (productId: number, plannedFor: string, branchId = home) => {
      const res = await t.post('/api/production/createworkorder', { branch_id: branchId, product_id: productId, quantity: 3, planned_for: plannedFor }, { token: await t.tokenFor('admin') });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: number };
    };
    const ask = async () => (await toldStockist(waiting.id, stocked.id)).rows;
    await plan(waiting.id, '2031-03-20');
    const soonest = await plan(waiting.id, '2031-03-05');
    const [elsewhere] = await t.db.select({ id: branches.id }).from(branches).where(ne(branches.id, home)).limit(1);
    await plan(waiting.id, '2031-02-01', elsewhere.id);
    await plan(stocked.id, '2031-01-10');
    // Another branch's plan is not this member's; a product in stock needs no date.
    expect(await ask()).toEqual([
      { product_id: waiting.id, availability: 'backordered', expected_on: '2031-03-05' },
      { product_id: stocked.id, availability: 'in_stock', expected_on: null },
    ]);
    // Once made, that work order's units are stock (they fill backorders first); the next plan is the date.
    const done = await t.post('/api/production/completeworkorder', { id: soonest.id, quantity: 3 }, { token: await t.tokenFor('admin') });
    expect(done.statusCode, done.body).toBe(200);
    expect((await ask())[0]).toMatchObject({ availability: 'low', expected_on: null });
  });

  it("a member reads what its own order's lines hold, and 404 for another client's order", async () => {
    const branch = await s.branch();
    const product = await s.product();
    await s.adjust(branch, product.id, 1);
    const own = await s.order(t.demo.stockist.clientId!, branch, [{ product_id: product.id, quantity: 2 }]);
    await s.move(own.id, 'confirmed');
    const res = await t.get(`/api/stock/order?order_id=${own.id}`, { token: await t.tokenFor('stockist') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ product_id: product.id, quantity: 2, reserved: 1, backordered: 1, delivered: 0 })]);
    const other = await t.get(`/api/stock/order?order_id=${own.id}`, { token: await t.tokenFor('individual') });
    expect(other.statusCode).toBe(404);
  });
});
