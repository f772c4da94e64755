import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingDocuments } from '../../server/db/schema';
import { useTestApp } from './support/app';
import { catalogueFactory } from './support/catalogue';
import { stockFactory } from './support/stock';

/**
 * A sales report, a rep's commission statement and the production plan are computed once per key and kept (server/http/sharedAnswers.ts): every admin
 * asking the same URL gets the same text until a counter its route declares moves; a member asking
 * the same URL gets its own. To see which answers were computed and which were kept, the test
 * changes the summaries behind the counters' back (they are not counted tables): a kept answer
 * does not show the change, a computed one does.
 */
let statements: string[] = [];
const t = useTestApp({ logQuery: (query) => statements.push(query) });
const catalogue = catalogueFactory(t);
const stock = stockFactory(t);

/** The SQL a request ran. */
async function sqlOf(run: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  await run();
  return statements;
}

async function dispatchedOrder(clientId: number, productId: number, token: string) {
  const res = await t.post('/api/orders/create', { client_id: clientId, lines: [{ product_id: productId, quantity: 2 }] }, { token });
  expect(res.statusCode, res.body).toBe(201);
  const orderId = res.json().data.id as number;
  for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) {
    const moved = await t.post('/api/orders/updatestatus', { id: orderId, status }, { token });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  const [invoice] = await t.db.select().from(billingDocuments).where(eq(billingDocuments.orderId, orderId));
  return invoice;
}

/** Every summary and rollup a report can read, its net moved by `cents`; no counted table is written. */
const tamper = (cents: number) =>
  t.db.execute(sql`with s as (update sales_summaries set net = net + ${cents}), r as (update sales_rollups set net = net + ${cents}) select 1`);

const netOf = (body: string) => (JSON.parse(body) as { totals: { net: number } }).totals.net;

describe('reports kept and shared', () => {
  it('an admin gets the answer another admin made, a member its own, and a new document makes it anew', async () => {
    const admin = await t.tokenFor('admin');
    // Every user and client first: a new one moves the users or clients counter, as it should.
    const otherAdmin = await t.makeUser({ role: 'admin', name: 'Second admin' });
    const client = await t.post('/api/clients/save', { type: 'stockist', name: 'Kept report shop', email: `kept-${Date.now()}@example.com` }, { token: admin });
    expect(client.statusCode, client.body).toBe(201);
    const clientId = client.json().data.id as number;
    const member = await t.makeUser({ role: 'stockist', clientId });
    const product = await catalogue.product({ price: 11_500 });
    const first = await dispatchedOrder(clientId, product.id, admin);
    // Narrowed to the client: its one summary row of the day, 2 × R100.00 net.
    const url = `/api/reports/sales?group_by=product&client_id=${clientId}&from=${first.issueDate}&to=${first.issueDate}`;

    const computed = await t.get(url, { token: admin });
    expect(computed.statusCode, computed.body).toBe(200);
    expect(netOf(computed.body)).toBe(20_000);

    await tamper(1);
    try {
      const kept = await t.get(url, { token: await t.tokenFor({ id: otherAdmin.id }) });
      expect(kept.statusCode).toBe(200);
      // The very text the first admin was sent: the summaries' change is not in it.
      expect(kept.body).toBe(computed.body);
      expect(kept.headers.etag).toBeDefined();

      // Cache-Control: no-cache asks for an answer computed now, and gets it.
      const fresh = await t.get(url, { token: admin, headers: { 'cache-control': 'no-cache' } });
      expect(netOf(fresh.body)).toBe(20_000 + 1);
      expect((await t.get(url, { token: admin })).body).toBe(computed.body);

      // A member's answer is its own, computed from the summaries as they are now.
      const own = await t.get(url, { token: await t.tokenFor({ id: member.id }) });
      expect(own.statusCode).toBe(200);
      expect(netOf(own.body)).toBe(20_000 + 1);

      // A document issued moves the register's counter: the next admin's answer is computed again.
      const second = await dispatchedOrder(clientId, product.id, admin);
      expect(second.issueDate).toBe(first.issueDate);
      const anew = await t.get(url, { token: admin });
      expect(anew.statusCode).toBe(200);
      // Both documents (one summary row: same day, client and product), and the cent put on it.
      expect(netOf(anew.body)).toBe(40_000 + 1);
    } finally {
      await tamper(-1);
    }
  });

  it('gives no kept answer past a commit whose notice this instance has not heard yet', async () => {
    const admin = await t.tokenFor('admin');
    const client = await t.post('/api/clients/save', { type: 'stockist', name: 'Unheard commit shop', email: `unheard-${Date.now()}@example.com` }, { token: admin });
    expect(client.statusCode, client.body).toBe(201);
    const clientId = client.json().data.id as number;
    const product = await catalogue.product({ price: 11_500 });
    const invoice = await dispatchedOrder(clientId, product.id, admin);
    await t.heard();
    const url = `/api/reports/sales?group_by=product&client_id=${clientId}&from=${invoice.issueDate}&to=${invoice.issueDate}`;
    const computed = await t.get(url, { token: admin });
    expect(netOf(computed.body)).toBe(20_000);
    await tamper(1);
    try {
      // As another instance's commit looks from here until its notice arrives: the register's
      // counter moved in the database, and nothing was announced.
      await t.db.execute(sql`update change_counters set version = version + 1 where table_name = 'billing_document_lines'`);
      const after = await t.get(url, { token: admin });
      expect(netOf(after.body)).toBe(20_000 + 1);
    } finally {
      await tamper(-1);
    }
  });

  it('keeps no error: a refused query is refused every time, and the good one still answers', async () => {
    const admin = await t.tokenFor('admin');
    const bad = '/api/reports/sales?group_by=client&from=2026-03-02&to=2026-03-01';
    for (let i = 0; i < 2; i += 1) {
      const res = await t.get(bad, { token: admin });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/period must end/);
    }
    const good = await t.get('/api/reports/sales?group_by=client&from=2026-03-01&to=2026-03-02', { token: admin });
    expect(good.statusCode).toBe(200);
  });

  it("keeps a rep's statement for every admin until a payment moves its ledger, and the rep's own apart", async () => {
    const admin = await t.tokenFor('admin');
    const otherAdmin = await t.makeUser({ role: 'admin', name: 'Statement admin' });
    const rep = await t.makeUser({ role: 'reseller', name: 'Kept statement rep' });
    const client = await t.post('/api/clients/save', { type: 'stockist', name: 'Kept statement shop', email: `kept-statement-${Date.now()}@example.com`, rep_ids: [rep.id] }, { token: admin });
    expect(client.statusCode, client.body).toBe(201);
    const clientId = client.json().data.id as number;
    const plan = await t.post('/api/commissions/saveplan', { rep_id: rep.id, rate_bp: 500 }, { token: admin });
    expect(plan.statusCode, plan.body).toBe(200);
    const product = await catalogue.product({ price: 11_500 });
    const invoice = await dispatchedOrder(clientId, product.id, admin);
    const pay = async (amount: number) => {
      const res = await t.post('/api/billing/payment', { client_id: clientId, amount, reference: `EFT kept ${amount}`, paid_at: invoice.issueDate, allocations: [{ invoice_id: invoice.id, amount }] }, { token: admin });
      expect(res.statusCode, res.body).toBe(201);
      await t.drainJobs();
      await t.heard();
    };
    await pay(11_500);
    const url = `/api/commissions/statement?rep_id=${rep.id}&month=${invoice.issueDate.slice(0, 7)}`;

    let computed!: Awaited<ReturnType<typeof t.get>>;
    expect((await sqlOf(async () => (computed = await t.get(url, { token: admin })))).some((query) => query.includes('"commission_entries"') || query.includes('commission_entries e'))).toBe(true);
    expect(computed.statusCode, computed.body).toBe(200);
    expect(computed.json().data).toMatchObject({ paid_net: 10_000, commission: 500 });

    // Another admin: the kept text, and no query of the ledger.
    let kept!: Awaited<ReturnType<typeof t.get>>;
    const ran = await sqlOf(async () => (kept = await t.get(url, { token: await t.tokenFor({ id: otherAdmin.id }) })));
    expect(kept.body).toBe(computed.body);
    expect(ran.filter((query) => query.includes('commission_entries'))).toEqual([]);

    // The rep's own request is its own computation, with the same figures.
    let own!: Awaited<ReturnType<typeof t.get>>;
    const ranForRep = await sqlOf(async () => (own = await t.get(url, { token: await t.tokenFor({ id: rep.id }) })));
    expect(own.json().data).toMatchObject({ paid_net: 10_000, commission: 500 });
    expect(ranForRep.some((query) => query.includes('commission_entries'))).toBe(true);

    // A second payment writes the ledger: its counter moves, and the admins' statement is computed again.
    await pay(11_500);
    const anew = await t.get(url, { token: await t.tokenFor({ id: otherAdmin.id }) });
    expect(anew.json().data).toMatchObject({ paid_net: 20_000, commission: 1_000 });
    expect(anew.json().data.lines).toHaveLength(2);
  });

  it('keeps the production plan for every maker until a stock level moves', async () => {
    const branch = await stock.branch();
    const product = await stock.product();
    const client = await stock.client();
    const order = await stock.order(client.id, branch, [{ product_id: product.id, quantity: 3 }]);
    await stock.move(order.id, 'confirmed');
    await t.heard();
    const url = `/api/production/plan?branch_id=${branch}`;
    const rowOf = (body: string) => (JSON.parse(body) as { data: { product_id: number; demand: number; to_make: number }[] }).data.find((row) => row.product_id === product.id);
    const readsLevels = (ran: string[]) => ran.some((query) => query.includes('"stock_levels" l'));

    let computed!: Awaited<ReturnType<typeof t.get>>;
    expect(readsLevels(await sqlOf(async () => (computed = await t.get(url, { token: await t.tokenFor('admin') }))))).toBe(true);
    expect(computed.statusCode, computed.body).toBe(200);
    expect(rowOf(computed.body)).toMatchObject({ demand: 3, to_make: 3 });

    // The production team gets the admin's text, and no query of the levels.
    let kept!: Awaited<ReturnType<typeof t.get>>;
    expect(readsLevels(await sqlOf(async () => (kept = await t.get(url, { token: await t.tokenFor('production') }))))).toBe(false);
    expect(kept.body).toBe(computed.body);

    // Two units counted in: they go to the backorder, the level's counter moves, the plan is made anew.
    await stock.adjust(branch, product.id, 2);
    await t.heard();
    let anew!: Awaited<ReturnType<typeof t.get>>;
    expect(readsLevels(await sqlOf(async () => (anew = await t.get(url, { token: await t.tokenFor('production') }))))).toBe(true);
    expect(rowOf(anew.body)).toMatchObject({ demand: 1, to_make: 1 });
  });
});
