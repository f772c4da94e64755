import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierEvents, orders } from '../../server/db/schema';
import { type TestApp, createTestApp } from './support/app';
import { catalogueFactory } from './support/catalogue';
import { stockFactory } from './support/stock';
import { about, openStream } from './support/liveEvents';

/**
 * Courier tracking: the signed webhook (the same verification as the bounce webhook's), events
 * kept by waybill and shown in time order on the order (admin and its own member, nobody else)
 * and on the public tracking page, and the couriers' tracking link templates.
 */
const SECRET = 'courier-secret-for-the-api-tests-0123456789';
let t: TestApp;
let base = '';

beforeAll(async () => {
  t = await createTestApp({ courierWebhookSecret: SECRET });
  // The live-event stream is read over a real connection, as a browser reads it.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t?.close();
});

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
let counter = 0;
const newWaybill = () => `WB${Date.now().toString(36).toUpperCase()}${++counter}`;

/** Signs as the contract says, independently of the server's code: hex HMAC-SHA256 of `timestamp.raw body`. */
function signed(body: unknown, options: { at?: Date; secret?: string; raw?: string } = {}) {
  const raw = options.raw ?? JSON.stringify(body);
  const timestamp = String(seconds(options.at ?? t.clock.now()));
  const signature = createHmac('sha256', options.secret ?? SECRET).update(`${timestamp}.${raw}`).digest('hex');
  return { raw, headers: { 'content-type': 'application/json', 'x-portal-timestamp': timestamp, 'x-portal-signature': signature } };
}

function post(request: { raw: string; headers: Record<string, string> }) {
  return t.inject({ method: 'POST', url: '/api/webhooks/courier', payload: request.raw, headers: request.headers });
}

const eventsOf = (waybill: string) => t.db.select().from(courierEvents).where(eq(courierEvents.waybill, waybill));

/** An order of the demo stockist's client, its courier and waybill saved as production does. */
async function orderWithWaybill(courier: string, waybill: string, clientId = t.demo.stockist.clientId) {
  const product = await catalogueFactory(t).product();
  const created = await t.post('/api/orders/create', { client_id: clientId, lines: [{ product_id: product.id, quantity: 1 }] }, { token: await t.tokenFor('admin') });
  expect(created.statusCode, created.body).toBe(201);
  const saved = await t.post('/api/orders/save_courier', { id: created.json().data.id, courier_name: courier, tracking_number: waybill }, { token: await t.tokenFor('production') });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().data as { id: number; token: string };
}

// First: the tests below replace the demo's link templates.
describe('the demo data', () => {
  it('shows the couriers’ events on the shipped demo orders, in time order, with a link where the courier has a template', async () => {
    const shipped = await t.db
      .select({ id: orders.id, status: orders.status, courier: orders.courierName })
      .from(orders)
      .where(and(inArray(orders.status, ['dispatched', 'delivered']), inArray(orders.courierName, ['The Courier Guy', 'Aramex', 'DSV'])));
    expect(shipped.length).toBeGreaterThan(0);
    const admin = await t.tokenFor('admin');
    for (const order of shipped) {
      const data = (await t.get(`/api/orders/order?id=${order.id}`, { token: admin })).json().data;
      expect(data.tracking.length, `${order.id}`).toBeGreaterThanOrEqual(2);
      expect(data.tracking.map((event: { at: string }) => event.at)).toEqual(data.tracking.map((event: { at: string }) => event.at).sort());
      expect(data.tracking_url).toMatch(/^https:\/\//);
    }
  });
});

describe('POST /api/webhooks/courier', () => {
  it('stores a well-signed event, once, and answers how many orders carry its waybill', async () => {
    const waybill = newWaybill();
    await orderWithWaybill('Aramex', waybill);
    const res = await post(signed({ waybill, status: 'collected', at: '2026-11-20T08:00:00Z', location: 'Johannesburg hub' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ duplicate: false, orders: 1 });
    const rows = await eventsOf(waybill);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'collected', location: 'Johannesburg hub' });
    expect(rows[0].at.toISOString()).toBe('2026-11-20T08:00:00.000Z');
    const [audit] = await t.audit('courier_event', rows[0].id);
    expect(audit.data).toMatchObject({ waybill, status: 'collected' });
  });

  it('refuses the same request with its signature in capitals or mixed case as a repeat (409), keeping one event', async () => {
    const waybill = newWaybill();
    const first = signed({ waybill, status: 'in transit', at: '2026-11-20T09:00:00Z', location: 'Midrand' });
    expect((await post(first)).statusCode).toBe(200);
    const hex = first.headers['x-portal-signature'];
    const mixed = [...hex].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('');
    for (const variant of [hex, hex.toUpperCase(), mixed]) {
      const replay = await post({ ...first, headers: { ...first.headers, 'x-portal-signature': variant } });
      expect(replay.statusCode, variant).toBe(409);
      expect(replay.json().message).toMatch(/already received/);
    }
    expect(await eventsOf(waybill)).toHaveLength(1);
  });

  it('keeps one event when a courier retries it in a newly signed request, the same moment written in another zone', async () => {
    const waybill = newWaybill();
    expect((await post(signed({ waybill, status: 'delivered', at: '2026-11-20T10:00:00Z' }))).json().data.duplicate).toBe(false);
    t.clock.advance(2_000);
    const retry = await post(signed({ waybill, status: 'delivered', at: '2026-11-20T12:00:00+02:00' }));
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.duplicate).toBe(true);
    expect(await eventsOf(waybill)).toHaveLength(1);
  });

  it('refuses stale, future, wrong, unsigned and tampered requests with a 401 naming the header, storing nothing', async () => {
    const waybill = newWaybill();
    const body = { waybill, status: 'collected', at: '2026-11-20T08:00:00Z' };
    const good = signed(body);
    const cases: [string, { raw: string; headers: Record<string, string> }, string][] = [
      ['six minutes old', signed(body, { at: new Date(t.clock.now().getTime() - 6 * 60_000) }), 'x-portal-timestamp'],
      ['six minutes ahead', signed(body, { at: new Date(t.clock.now().getTime() + 6 * 60_000) }), 'x-portal-timestamp'],
      ['another secret', signed(body, { secret: 'another-secret-0123456789abcdef' }), 'x-portal-signature'],
      ['a changed body', { ...good, raw: JSON.stringify({ ...body, status: 'delivered' }) }, 'x-portal-signature'],
      ['not hex', { ...good, headers: { ...good.headers, 'x-portal-signature': 'nonsense' } }, 'x-portal-signature'],
      ['no signature', { ...good, headers: { 'content-type': 'application/json', 'x-portal-timestamp': good.headers['x-portal-timestamp'] } }, 'x-portal-signature'],
      ['no timestamp', { ...good, headers: { 'content-type': 'application/json', 'x-portal-signature': good.headers['x-portal-signature'] } }, 'x-portal-timestamp'],
    ];
    for (const [name, request, field] of cases) {
      const res = await post(request);
      expect(res.statusCode, name).toBe(401);
      expect(res.json().errors, name).toHaveProperty(field);
    }
    expect(await eventsOf(waybill)).toHaveLength(0);
  });

  it('answers 400 naming the missing or wrong field of a well-signed event', async () => {
    const whole = { waybill: newWaybill(), status: 'collected', at: '2026-11-20T08:00:00Z', location: 'Durban' };
    for (const field of ['waybill', 'status', 'at'] as const) {
      const { [field]: _left, ...body } = whole;
      const res = await post(signed(body));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toHaveProperty(field);
    }
    for (const at of ['yesterday', '2026-11-20T08:00:00']) {
      const badTime = await post(signed({ ...whole, at }));
      expect(badTime.statusCode, at).toBe(400);
      expect(badTime.json().errors, at).toHaveProperty('at');
    }
    const unknown = await post(signed({ ...whole, weight: 3 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('weight');
    expect(await eventsOf(whole.waybill)).toHaveLength(0);
  });

  it('keeps an event for a waybill no order carries yet, shown once an order does', async () => {
    const waybill = newWaybill();
    const early = await post(signed({ waybill, status: 'label printed', at: '2026-11-19T16:00:00Z' }));
    expect(early.json().data).toMatchObject({ duplicate: false, orders: 0 });
    const order = await orderWithWaybill('DSV', waybill);
    const read = await t.get(`/api/orders/order?id=${order.id}`, { token: await t.tokenFor('admin') });
    expect(read.json().data.tracking).toEqual([{ waybill, status: 'label printed', at: '2026-11-19T16:00:00.000Z', location: '' }]);
  });

  it('answers 404 saying why while COURIER_WEBHOOK_SECRET is not set', async () => {
    const off = await t.variant({});
    const request = signed({ waybill: 'X1', status: 'collected', at: '2026-11-20T08:00:00Z' });
    const res = await off.inject({ method: 'POST', url: '/api/webhooks/courier', payload: request.raw, headers: request.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/COURIER_WEBHOOK_SECRET/);
  });
});

describe('tracking on the order and the public page', () => {
  it('shows the events in time order whatever order they came in, with the courier link, to the admin, the member and the public page; not to another member', async () => {
    const waybill = `AX ${newWaybill()}/7`;
    const order = await orderWithWaybill('Aramex', waybill);
    const admin = await t.tokenFor('admin');
    const templates = await t.post('/api/courier/savetemplates', { templates: [{ courier: 'aramex ', url_template: 'https://track.example.com/aramex?waybill={waybill}' }] }, { token: admin });
    expect(templates.statusCode, templates.body).toBe(200);
    for (const [status, at, location] of [
      ['delivered', '2026-11-21T11:30:00Z', 'Cape Town'],
      ['collected', '2026-11-20T08:00:00Z', 'Johannesburg'],
      ['in transit', '2026-11-20T20:15:00+02:00', 'Bloemfontein'],
    ]) {
      expect((await post(signed({ waybill, status, at, location }))).statusCode).toBe(200);
    }
    const expected = [
      { waybill, status: 'collected', at: '2026-11-20T08:00:00.000Z', location: 'Johannesburg' },
      { waybill, status: 'in transit', at: '2026-11-20T18:15:00.000Z', location: 'Bloemfontein' },
      { waybill, status: 'delivered', at: '2026-11-21T11:30:00.000Z', location: 'Cape Town' },
    ];
    const link = `https://track.example.com/aramex?waybill=${encodeURIComponent(waybill)}`;
    for (const role of ['admin', 'stockist'] as const) {
      const res = await t.get(`/api/orders/order?id=${order.id}`, { token: await t.tokenFor(role) });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().data.tracking, role).toEqual(expected);
      expect(res.json().data.tracking_url, role).toBe(link);
      expect(res.json().data.waybills, role).toEqual([{ courier: 'Aramex', waybill, tracking_url: link }]);
    }
    const other = await t.get(`/api/orders/order?id=${order.id}`, { token: await t.tokenFor('individual') });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(waybill);
    const page = await t.get(`/api/orders/orderbytoken?token=${order.token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.tracking).toEqual(expected);
    expect(page.json().data.tracking_url).toBe(link);
  });

  it('tells the open screens of the orders carrying the waybill (the live stream), and only those who may read them', async () => {
    const waybill = newWaybill();
    const order = await orderWithWaybill('Aramex', waybill);
    const streams = await Promise.all(
      (['admin', 'stockist', 'individual'] as const).map(async (role) => {
        const stream = await openStream(base, { token: await t.tokenFor(role) });
        expect(stream.status).toBe(200);
        await stream.next('ready', (event) => event.event === 'ready');
        return stream;
      }),
    );
    const [admin, stockist, individual] = streams;
    try {
      expect((await post(signed({ waybill, status: 'collected', at: '2026-11-20T08:00:00Z' }))).json().data.orders).toBe(1);
      await admin.next('the order updated for the admin', about('updated', 'orders', order.id));
      await stockist.next('its own order updated for the member', about('updated', 'orders', order.id));
      // Events go out in commit order: once the other member hears of its own later order, it would have heard of this one.
      const own = await orderWithWaybill('DSV', newWaybill(), t.demo.individual.clientId);
      await individual.next("the other member's own order", about('updated', 'orders', own.id));
      expect(individual.events.filter(about('updated', 'orders', order.id))).toEqual([]);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('a new courier event changes the order’s validator: a conditional read is not answered 304 after it', async () => {
    const waybill = newWaybill();
    const order = await orderWithWaybill('PostNet', waybill);
    const token = await t.tokenFor('admin');
    const first = await t.get(`/api/orders/order?id=${order.id}`, { token });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await t.get(`/api/orders/order?id=${order.id}`, { token, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect((await post(signed({ waybill, status: 'collected', at: '2026-11-20T08:00:00Z' }))).statusCode).toBe(200);
    await t.heard();
    const after = await t.get(`/api/orders/order?id=${order.id}`, { token, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.tracking).toHaveLength(1);
  });
});

describe('a delivery’s waybill', () => {
  /** A stockist's order of `quantity` units of a new product, confirmed in a new branch holding 5. */
  async function confirmedOrder(quantity: number) {
    const stock = stockFactory(t);
    const branch = await stock.branch();
    const product = await catalogueFactory(t).product();
    await stock.adjust(branch, product.id, 5);
    const order = await stock.order(t.demo.stockist.clientId!, branch, [{ product_id: product.id, quantity }]);
    await stock.move(order.id, 'confirmed');
    return { stock, order };
  }

  it('is tracked like the order’s own: its events show on the order sent in parts', async () => {
    const { order } = await confirmedOrder(3);
    const read = await t.get(`/api/orders/order?id=${order.id}`, { token: await t.tokenFor('admin') });
    const [line] = read.json().data.lines as { id: number }[];
    const waybill = newWaybill();
    const delivered = await t.post('/api/deliveries/create', { order_id: order.id, lines: [{ order_line_id: line.id, quantity: 1 }], courier: 'The Courier Guy', waybill }, { token: await t.tokenFor('admin') });
    expect(delivered.statusCode, delivered.body).toBeLessThan(300);
    const at = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const answer = await post(signed({ waybill, status: 'in_transit', at, location: 'Midrand hub' }));
    expect(answer.statusCode, answer.body).toBe(200);
    const tracked = await t.get(`/api/orders/order?id=${order.id}`, { token: await t.tokenFor('stockist') });
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(tracked.json().data.tracking).toEqual([expect.objectContaining({ waybill, status: 'in_transit', location: 'Midrand hub' })]);
  });
  it('is listed once when the order carries it too: a hand dispatch sends the rest under the order’s own waybill', async () => {
    const { stock, order } = await confirmedOrder(2);
    const waybill = newWaybill();
    const saved = await t.post('/api/orders/save_courier', { id: order.id, courier_name: 'Aramex', tracking_number: waybill }, { token: await t.tokenFor('admin') });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const status of ['in_production', 'ready', 'dispatched']) await stock.move(order.id, status);
    const admin = await t.tokenFor('admin');
    const templates = await t.post('/api/courier/savetemplates', { templates: [{ courier: 'Aramex', url_template: 'https://track.example.com/aramex/{waybill}' }] }, { token: admin });
    expect(templates.statusCode, templates.body).toBe(200);
    // The dispatch made a delivery carrying the order's courier and waybill: the same parcel, not a second one.
    const page = (await t.get(`/api/orders/orderbytoken?token=${(await t.get(`/api/orders/order?id=${order.id}`, { token: admin })).json().data.token}`)).json().data;
    expect(page.deliveries).toEqual([expect.objectContaining({ courier: 'Aramex', waybill })]);
    const link = `https://track.example.com/aramex/${waybill}`;
    const read = (await t.get(`/api/orders/order?id=${order.id}`, { token: admin })).json().data;
    expect(read.waybills).toEqual([{ courier: 'Aramex', waybill, tracking_url: link }]);
    expect(page.waybills).toEqual([{ courier: 'Aramex', waybill, tracking_url: link }]);
    expect(read.tracking_url).toBe(link);
  });
});

describe('courier tracking link templates', () => {
  it('refuses a template without {waybill}, one that is not http(s), and a courier listed twice, naming the field and changing nothing', async () => {
    const admin = await t.tokenFor('admin');
    const keep = [{ courier: 'Fastway', url_template: 'https://fastway.example.com/track/{waybill}' }];
    expect((await t.post('/api/courier/savetemplates', { templates: keep }, { token: admin })).statusCode).toBe(200);
    const cases: [unknown[], string][] = [
      [[{ courier: 'DSV', url_template: 'https://dsv.example.com/track' }], 'templates.0.url_template'],
      [[{ courier: 'DSV', url_template: 'javascript:alert({waybill})' }], 'templates.0.url_template'],
      [[{ courier: 'DSV', url_template: 'https://a.example.com/{waybill}' }, { courier: 'dsv', url_template: 'https://b.example.com/{waybill}' }], 'templates.1.courier'],
      [[{ courier: '', url_template: 'https://a.example.com/{waybill}' }], 'templates.0.courier'],
    ];
    for (const [templates, field] of cases) {
      const res = await t.post('/api/courier/savetemplates', { templates }, { token: admin });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toHaveProperty(field);
    }
    expect((await t.get('/api/courier/templates', { token: admin })).json().data).toEqual(keep);
    expect((await t.get('/api/courier/templates', { token: await t.tokenFor('stockist') })).statusCode).toBe(403);
    expect(await t.audit('save_courier_templates')).not.toHaveLength(0);
  });
});
