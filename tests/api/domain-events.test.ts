import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingDocuments, jobs, orders, webhookDeliveries, webhookEndpoints } from '../../server/db/schema';
import { rowsOf } from '../../server/db/rows';
import { enqueue } from '../../server/jobs/queue';
import { HttpError } from '../../server/http/errors';
import { WEBHOOK_EVENTS } from '../../shared/webhooks/events';
import { type DomainEventMap, type EventName, domainEvents } from '../../server/events/domain';
import { useTestApp } from './support/app';
import { catalogueFactory } from './support/catalogue';

/**
 * The domain events: each change publishes its event once, inside the change's own transaction,
 * and a change that rolls back leaves nothing of what its subscribers did (in-transaction work
 * undone, no job queued). A probe subscribes to every event as a queued subscriber, writing a job
 * of a kind no worker runs; the transaction it was written in (its row's `xmin`) must be the one
 * that wrote the change.
 */
const t = useTestApp();
const catalogue = catalogueFactory(t);
const admin = () => t.tokenFor('admin');
const PROBE = 'domain_event_probe';

const eventNames: EventName[] = [
  'order.created',
  'order.status_changed',
  'order.cancelled',
  'invoice.issued',
  'credit_note.issued',
  'payment.received',
  'client.created',
  'client.email_changed',
  'membership.activated',
  'order.lines_replaced',
  'stock.low',
  'delivery.dispatched',
  'delivery.delivered',
];

const unsubscribe: (() => void)[] = [];
beforeAll(() => {
  for (const name of eventNames) {
    unsubscribe.push(
      domainEvents.subscribe(name, {
        kind: 'queued',
        name: 'test.probe',
        queue: async (tx, event) => {
          await enqueue(tx, { kind: PROBE, payload: { event: event.name, data: event.data } });
        },
        queueInStatement: ({ data, from }) => sql`probe_job as (insert into ${jobs} (kind, payload) select ${PROBE}::text, jsonb_build_object('event', ${name}::text, 'data', ${data}) from ${from})`,
      }),
    );
  }
});
afterAll(() => unsubscribe.forEach((stop) => stop()));
beforeEach(async () => {
  await t.db.delete(jobs).where(eq(jobs.kind, PROBE));
});

interface Heard {
  event: EventName;
  data: Record<string, unknown>;
  xid: string;
}

/** What the probe heard since the last call, oldest first, with the transaction that wrote each. */
async function heard(): Promise<Heard[]> {
  const rows = rowsOf<{ payload: { event: EventName; data: Record<string, unknown> }; xid: string }>(
    await t.db.execute(sql`select payload, xmin::text as xid from ${jobs} where kind = ${PROBE} order by id`),
  );
  await t.db.delete(jobs).where(eq(jobs.kind, PROBE));
  return rows.map((row) => ({ event: row.payload.event, data: row.payload.data, xid: row.xid }));
}

/** The transaction that last wrote a row (`xmin`), read right after the change. */
async function writtenBy(table: string, where: ReturnType<typeof sql>): Promise<string> {
  const [row] = rowsOf<{ xid: string }>(await t.db.execute(sql`select xmin::text as xid from ${sql.raw(table)} where ${where}`));
  return row.xid;
}

const historyOf = (orderId: number, to: string) => writtenBy('order_status_history', sql`order_id = ${orderId} and to_status = ${to}`);

async function ok(path: string, body: Record<string, unknown>) {
  const res = await t.post(path, body, { token: await admin() });
  expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
}

let counter = 0;
const newClient = (): Promise<{ id: number; email: string; membership_status: string }> =>
  ok('/api/clients/save', { type: 'stockist', name: `Evented shop ${++counter}`, email: `evented-${counter}-${Date.now()}@example.com` });

async function newOrder(clientId: number, price = 11_500) {
  const product = await catalogue.product({ price });
  return (await ok('/api/orders/create', { client_id: clientId, lines: [{ product_id: product.id, quantity: 2 }] })) as { id: number; reference: string; total: number };
}

const move = (id: number, status: string) => ok('/api/orders/updatestatus', { id, status });

describe('domain events', () => {
  it('a client: created, its address changed, its membership activated, each once in its own transaction', async () => {
    const client = await newClient();
    const [created] = await heard();
    expect(created).toMatchObject({ event: 'client.created', data: { id: client.id, type: 'stockist', email: client.email } });
    expect(created.xid).toBe(await writtenBy('clients', sql`id = ${client.id}`));

    await ok('/api/clients/save', { id: client.id, email: `moved-${client.id}@example.com` });
    const moved = await heard();
    expect(moved.map((e) => e.event)).toEqual(['client.email_changed']);
    expect(moved[0].data).toEqual({ id: client.id, from: client.email, to: `moved-${client.id}@example.com` });
    expect(moved[0].xid).toBe(await writtenBy('clients', sql`id = ${client.id}`));

    // A save that changes nothing of these publishes nothing.
    await ok('/api/clients/save', { id: client.id, phone: '021 555 0100' });
    expect(await heard()).toEqual([]);

    await ok('/api/clients/activate_membership', { id: client.id });
    const activated = await heard();
    expect(activated.map((e) => e.event)).toEqual(['membership.activated']);
    expect(activated[0].data).toMatchObject({ client_id: client.id, previous_status: client.membership_status, via: 'activate_membership' });
    expect(client.membership_status).not.toBe('active');
    expect(activated[0].xid).toBe(await writtenBy('clients', sql`id = ${client.id}`));
  });

  it('an order: created in its one statement, each step, the invoice at dispatch in the dispatch, a cancellation', async () => {
    const client = await newClient();
    await heard();
    const order = await newOrder(client.id);
    const [created, ...rest] = await heard();
    expect(rest).toEqual([]);
    expect(created).toMatchObject({ event: 'order.created', data: { id: order.id, reference: order.reference, client_id: client.id, total: order.total, status: 'new', membership_fee: false } });
    expect(created.xid).toBe(await writtenBy('orders', sql`id = ${order.id}`));

    for (const [from, to] of [['new', 'confirmed'], ['confirmed', 'in_production'], ['in_production', 'ready']]) {
      await move(order.id, to);
      const step = await heard();
      expect(step.map((e) => e.event)).toEqual(['order.status_changed']);
      expect(step[0].data).toMatchObject({ id: order.id, from, to });
      expect(step[0].xid).toBe(await historyOf(order.id, to));
    }

    await move(order.id, 'dispatched');
    const dispatch = await heard();
    // The step is told first, then the invoice billing issued for it, all in the dispatch's transaction.
    expect(dispatch.map((e) => e.event)).toEqual(['order.status_changed', 'invoice.issued']);
    const [invoice] = await t.db.select().from(billingDocuments).where(and(eq(billingDocuments.orderId, order.id), eq(billingDocuments.type, 'invoice')));
    expect(dispatch[1].data).toMatchObject({ id: invoice.id, number: invoice.number, order_id: order.id, client_id: client.id, total: order.total });
    const xid = await historyOf(order.id, 'dispatched');
    expect(dispatch.map((e) => e.xid)).toEqual([xid, xid]);

    const other = await newOrder(client.id);
    await move(other.id, 'confirmed');
    await heard();
    await move(other.id, 'cancelled');
    const cancelled = await heard();
    expect(cancelled.map((e) => e.event)).toEqual(['order.status_changed', 'order.cancelled']);
    expect(cancelled[1].data).toEqual({ id: other.id, reference: other.reference, client_id: client.id, from: 'confirmed' });
    const cancelXid = await historyOf(other.id, 'cancelled');
    expect(cancelled.map((e) => e.xid)).toEqual([cancelXid, cancelXid]);
  });

  it('an edit of the lines: once, in its transaction; stock falling below its low mark: once, as it crosses it', async () => {
    const client = await newClient();
    const order = await newOrder(client.id);
    await heard();
    const current = (await t.get(`/api/orders/order?id=${order.id}`, { token: await admin() })).json().data;
    const product = await catalogue.product();
    await ok('/api/orders/update', { id: order.id, version: current.version, lines: [{ product_id: product.id, quantity: 1 }] });
    const replaced = await heard();
    expect(replaced.map((e) => e.event)).toEqual(['order.lines_replaced']);
    expect(replaced[0].data).toEqual({ id: order.id, reference: order.reference, client_id: client.id, status: 'new' });
    expect(replaced[0].xid).toBe(await writtenBy('orders', sql`id = ${order.id}`));
    // A save of the notes alone replaces no lines.
    await ok('/api/orders/update', { id: order.id, version: current.version + 1, notes: 'Leave at the gate' });
    expect(await heard()).toEqual([]);

    const [branch] = rowsOf<{ id: number }>(await t.db.execute(sql`select id from branches order by id limit 1`));
    const adjust = (quantity: number, productId = product.id) => ok('/api/stock/adjust', { branch_id: branch.id, product_id: productId, quantity, reason: 'Counted' });
    await adjust(8);
    expect(await heard()).toEqual([]);
    await adjust(-4);
    const low = await heard();
    expect(low.map((e) => e.event)).toEqual(['stock.low']);
    expect(low[0].data).toMatchObject({ branch_id: branch.id, product_id: product.id, item_key: '', available: 4, low_mark: 5 });
    expect(low[0].xid).toBe(await writtenBy('stock_levels', sql`branch_id = ${branch.id} and product_id = ${product.id}`));
    // Already below: told once, not again at every unit.
    await adjust(-1);
    expect(await heard()).toEqual([]);

    // A product with a mark of its own is told as it crosses that mark, not the default's.
    const byTheCase = await catalogue.product({ low_stock_mark: 20 });
    await adjust(25, byTheCase.id);
    expect(await heard()).toEqual([]);
    await adjust(-6, byTheCase.id);
    const caseLow = await heard();
    expect(caseLow.map((e) => e.event)).toEqual(['stock.low']);
    expect(caseLow[0].data).toMatchObject({ product_id: byTheCase.id, available: 19, low_mark: 20 });
  });

  it('a delivery: dispatched once in its transaction, with its invoice and the order dispatched after it', async () => {
    const client = await newClient();
    const product = await catalogue.product({ price: 2_000 });
    const [branch] = rowsOf<{ id: number }>(await t.db.execute(sql`select id from branches order by id limit 1`));
    await ok('/api/stock/adjust', { branch_id: branch.id, product_id: product.id, quantity: 50, reason: 'Counted' });
    const order = await ok('/api/orders/create', { client_id: client.id, branch_id: branch.id, lines: [{ product_id: product.id, quantity: 2 }] });
    await move(order.id, 'confirmed');
    const line = (await t.get(`/api/orders/order?id=${order.id}`, { token: await admin() })).json().data.lines[0];
    await heard();
    const delivery = await ok('/api/deliveries/create', { order_id: order.id, lines: [{ order_line_id: line.id, quantity: 2 }], waybill: 'WB-9' });
    const sent = await heard();
    expect(sent.map((e) => e.event)).toEqual(['invoice.issued', 'delivery.dispatched', 'order.status_changed', 'order.status_changed', 'order.status_changed']);
    expect(sent[1].data).toMatchObject({ id: delivery.id, number: delivery.number, order_id: order.id, client_id: client.id, invoice_id: delivery.invoice_id, waybill: 'WB-9', lines: [{ order_line_id: line.id, product_id: product.id, quantity: 2 }] });
    expect(sent[1].xid).toBe(await writtenBy('deliveries', sql`id = ${delivery.id}`));
    expect(sent.slice(2).map((e) => e.data.to)).toEqual(['in_production', 'ready', 'dispatched']);
  });

  it('a payment recorded by an admin: once, in its transaction', async () => {
    const client = await newClient();
    await heard();
    const today = t.clock.now().toISOString().slice(0, 10);
    const payment = await ok('/api/billing/payment', { client_id: client.id, amount: 5_000, reference: 'EFT 1', paid_at: today });
    const received = await heard();
    expect(received.map((e) => e.event)).toEqual(['payment.received']);
    expect(received[0].data).toEqual({ id: payment.id, client_id: client.id, amount: 5_000, unallocated: 5_000, paid_at: today, reference: 'EFT 1' });
    expect(received[0].xid).toBe(await writtenBy('payments', sql`id = ${payment.id}`));
  });

  it('a credit note: once, in its transaction, whoever issues it', async () => {
    const client = await newClient();
    const order = await newOrder(client.id);
    for (const to of ['confirmed', 'in_production', 'ready', 'dispatched']) await move(order.id, to);
    const [invoice] = await t.db.select().from(billingDocuments).where(and(eq(billingDocuments.orderId, order.id), eq(billingDocuments.type, 'invoice')));
    await heard();
    const note = await ok('/api/billing/credit_note', { invoice_id: invoice.id, reason: 'Returned' });
    const credited = await heard();
    expect(credited.map((e) => e.event)).toEqual(['credit_note.issued']);
    expect(credited[0].data).toMatchObject({ id: note.id, number: note.number, client_id: client.id, invoice_id: invoice.id, total: invoice.total });
    expect(credited[0].xid).toBe(await writtenBy('billing_documents', sql`id = ${note.id}`));
  });

  it('every webhook event is a domain event (webhooks subscribe; nothing else sends them)', () => {
    const published = new Set<string>(eventNames);
    expect(WEBHOOK_EVENTS.filter((event) => !published.has(event))).toEqual([]);
    for (const event of WEBHOOK_EVENTS) expect(domainEvents.subscribersOf(event as keyof DomainEventMap).map((s) => s.name)).toContain(`webhooks.${event.replace('.', '_')}`);
  });

  it('a change that rolls back publishes nothing: no invoice, no job, no webhook delivery', async () => {
    // An endpoint for every event, never delivered to here (no drain): its deliveries are counted.
    const [endpoint] = await t.db.insert(webhookEndpoints).values({ url: 'http://127.0.0.1:9/hooks', events: [...WEBHOOK_EVENTS], secretSealed: 'unused' }).returning();
    const client = await newClient();
    const order = await newOrder(client.id);
    for (const to of ['confirmed', 'in_production', 'ready']) await move(order.id, to);
    await heard();

    // A subscriber after billing's refuses the dispatch: billing has issued the invoice (and queued
    // its mail and webhook), the status webhook and the probe are queued, then the refusal.
    const stop = domainEvents.subscribe('order.status_changed', {
      kind: 'in_transaction',
      name: 'test.refuse_dispatch',
      async handle(_tx, event) {
        if (event.data.to === 'dispatched') throw new HttpError(409, 'Refused by a subscriber', { status: 'refused' });
      },
    });
    const counts = async () => ({
      jobs: (await t.db.select({ n: count() }).from(jobs))[0].n,
      deliveries: (await t.db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)))[0].n,
      documents: (await t.db.select({ n: count() }).from(billingDocuments).where(eq(billingDocuments.orderId, order.id)))[0].n,
    });
    const before = await counts();
    try {
      const refused = await t.post('/api/orders/updatestatus', { id: order.id, status: 'dispatched' }, { token: await admin() });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().errors).toEqual({ status: 'refused' });
    } finally {
      stop();
    }
    expect(await counts()).toEqual(before);
    expect(await heard()).toEqual([]);
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('ready');

    // The same change, no longer refused: all of it is there (what the counts above would have seen).
    await move(order.id, 'dispatched');
    expect((await heard()).map((e) => e.event)).toEqual(['order.status_changed', 'invoice.issued']);
    const after = await counts();
    expect(after.documents).toBe(before.documents + 1);
    expect(after.deliveries).toBe(before.deliveries + 2);
    expect(after.jobs).toBeGreaterThan(before.jobs + 2);
  });

  it('refuses an in-transaction subscriber to an event published inside one statement', () => {
    expect(() => domainEvents.subscribe('order.created', { kind: 'in_transaction', name: 'test.too_late', handle: async () => {} })).toThrow(/inside one SQL statement/);
  });
});
