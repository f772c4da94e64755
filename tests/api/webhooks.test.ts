import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../server/db/schema';
import { SecretBox } from '../../server/auth/secretBox';
import { secretContext } from '../../server/modules/webhooks/secrets';
import { verifyWebhookSignature } from '../../server/modules/webhooks/signature';
import { businessDay } from '../../shared/billing/accounts';
import { TEST_JWT_SECRET, useTestApp } from './support/app';
import { catalogueFactory } from './support/catalogue';
import { type WebhookReceiver, startWebhookReceiver } from './support/webhookReceiver';

let receiver: WebhookReceiver;
let counter = 0;
/** The port the app pretends to listen on: listed as allowed below, and refused all the same. */
const OWN_PORT = 65_301;
// The receiver listens on 127.0.0.1 at a random port, a loopback address: allowed as
// WEBHOOK_ALLOWED_HOSTS allows it, with its port. Started before the app, which reads the list.
const allowed: string[] = [`127.0.0.1:${OWN_PORT}`, `localhost:${OWN_PORT}`];
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  allowed.push(`127.0.0.1:${new URL(receiver.url).port}`);
});
const t = useTestApp({ webhookAllowedHosts: allowed, listenAddress: { host: '0.0.0.0', port: OWN_PORT } });
const catalogue = catalogueFactory(t);
const admin = () => t.tokenFor('admin');
afterAll(() => receiver.close());

beforeEach(async () => {
  // Each test starts with no endpoint, so only its own endpoint receives.
  await t.db.delete(webhookEndpoints);
  receiver.received.length = 0;
});

async function saveEndpoint(body: Record<string, unknown>) {
  return t.post('/api/webhooks/saveendpoint', body, { token: await admin() });
}

async function newEndpoint(events: string[], path = '/hooks') {
  const res = await saveEndpoint({ url: `${receiver.url}${path}`, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; secret: string; url: string };
}

const deliveriesOf = async (endpointId: number) => {
  const res = await t.get(`/api/webhooks/deliveries?endpoint_id=${endpointId}&perPage=100`, { token: await admin() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; event: string; status: string; attempts: number; response_status: number | null; response_body: string | null; error: string | null; data: Record<string, unknown> }[];
};

const bodies = () => receiver.received.map((r) => JSON.parse(r.body) as { event: string; data: Record<string, unknown>; id: string });

async function newClient() {
  const res = await t.post('/api/clients/save', { type: 'stockist', name: `Hooked shop ${++counter}`, email: `hooked-${counter}-${Date.now()}@example.com` }, { token: await admin() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}

describe('webhook endpoints', () => {
  it('answers a new endpoint its secret once: not in the endpoint, not in the list, sealed in the database', async () => {
    const created = await newEndpoint(['order.created']);
    expect(created.secret).toMatch(/^whsec_[\w-]{40,}$/);
    const one = await t.get(`/api/webhooks/endpoint?id=${created.id}`, { token: await admin() });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: created.id, url: `${receiver.url}/hooks`, events: ['order.created'], active: true });
    expect(one.json().data).not.toHaveProperty('secret');
    expect(one.body).not.toContain(created.secret);
    const list = await t.get('/api/webhooks/endpoints', { token: await admin() });
    expect(list.json().total).toBe(1);
    expect(list.body).not.toContain(created.secret);

    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row.secretSealed).not.toContain(created.secret);
    expect(new SecretBox(TEST_JWT_SECRET).open(row.secretSealed, secretContext(created.id))).toBe(created.secret);

    // An update keeps the secret and does not show it; a rotation answers a new one, once.
    const updated = await saveEndpoint({ id: created.id, url: `${receiver.url}/other`, events: ['order.created', 'client.created'] });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).not.toHaveProperty('secret');
    const rotated = await saveEndpoint({ id: created.id, url: `${receiver.url}/other`, events: ['client.created'], rotate_secret: true });
    expect(rotated.json().data.secret).toMatch(/^whsec_/);
    expect(rotated.json().data.secret).not.toBe(created.secret);
    expect(rotated.headers['cache-control']).toBe('no-store');
    expect(JSON.stringify(await t.audit('update_webhook_endpoint', created.id))).not.toContain(rotated.json().data.secret);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: `${receiver.url}/hooks`, events: ['order.created', 'order.deleted'] }, 'events'],
      [{ url: `${receiver.url}/hooks`, events: [] }, 'events'],
      [{ url: 'ftp://example.com/hooks', events: ['order.created'] }, 'url'],
      [{ url: 'not a url', events: ['order.created'] }, 'url'],
      [{ url: 'http://10.0.0.1/hooks', events: ['order.created'] }, 'url'],
      [{ url: 'http://192.168.1.20/hooks', events: ['order.created'] }, 'url'],
      [{ url: 'http://169.254.169.254/latest/meta-data', events: ['order.created'] }, 'url'],
      [{ url: 'http://[::1]:8080/hooks', events: ['order.created'] }, 'url'],
      [{ url: 'http://[::ffff:10.0.0.1]/hooks', events: ['order.created'] }, 'url'],
      [{ url: 'http://0.0.0.0:3000/hooks', events: ['order.created'] }, 'url'],
      // 127.0.0.1 is allowed here with the receiver's port, the other loopback names and ports are not.
      [{ url: 'http://localhost:3000/hooks', events: ['order.created'] }, 'url'],
      [{ url: `http://127.0.0.1:${Number(new URL(receiver.url).port) + 1}/hooks`, events: ['order.created'] }, 'url'],
      [{ url: 'http://127.0.0.1/hooks', events: ['order.created'] }, 'url'],
      // The portal's own address, although listed.
      [{ url: `http://127.0.0.1:${OWN_PORT}/api/auth/me`, events: ['order.created'] }, 'url'],
      [{ url: `http://localhost:${OWN_PORT}/api/auth/me`, events: ['order.created'] }, 'url'],
      [{ url: 'http://127.0.0.2/hooks', events: ['order.created'] }, 'url'],
      [{ url: 'https://user:pass@example.com/hooks', events: ['order.created'] }, 'url'],
    ];
    for (const [body, field] of cases) {
      const res = await saveEndpoint(body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual([field]);
    }
    const [{ n }] = await t.db.select({ n: count() }).from(webhookEndpoints);
    expect(n).toBe(0);
  });
});

describe('webhook deliveries', () => {
  it('signs each delivery: X-Portal-Signature is the hex HMAC-SHA256 of timestamp + "." + raw body, with the endpoint secret', async () => {
    const endpoint = await newEndpoint(['client.created']);
    const client = await newClient();
    await t.drainJobs();
    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    const timestamp = hook.headers['x-portal-timestamp'] as string;
    expect(Number(timestamp)).toBeCloseTo(t.clock.now().getTime() / 1000, -2);
    expect(hook.headers['content-type']).toBe('application/json');
    expect(verifyWebhookSignature(endpoint.secret, timestamp, hook.body, hook.headers['x-portal-signature'] as string)).toBe(true);
    // Another secret, or a changed body, does not verify.
    expect(verifyWebhookSignature('whsec_other', timestamp, hook.body, hook.headers['x-portal-signature'] as string)).toBe(false);
    expect(verifyWebhookSignature(endpoint.secret, timestamp, hook.body.replace('Hooked', 'Hacked'), hook.headers['x-portal-signature'] as string)).toBe(false);

    const body = JSON.parse(hook.body);
    expect(Object.keys(body).sort()).toEqual(['data', 'event', 'id']);
    expect(body).toMatchObject({ event: 'client.created', data: { id: client.id, type: 'stockist' } });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ id: body.id, event: 'client.created', status: 'succeeded', attempts: 1, response_status: 200, response_body: 'ok' });
  });

  it('tries again after a 500 with the same id, and the log keeps each answer', async () => {
    const endpoint = await newEndpoint(['client.created']);
    receiver.answerNext({ status: 500, body: 'receiver is busy' });
    await newClient();
    await t.drainJobs();
    const [failed] = await deliveriesOf(endpoint.id);
    expect(failed).toMatchObject({ status: 'retrying', attempts: 1, response_status: 500, response_body: 'receiver is busy' });
    // Its next try is queued already: no second one beside it.
    const twice = await t.post('/api/webhooks/redeliver', { id: failed.id }, { token: await admin() });
    expect(twice.statusCode).toBe(409);
    expect(Object.keys(twice.json().errors)).toEqual(['id']);
    // Not yet due: back-off.
    await t.drainJobs();
    expect(receiver.received).toHaveLength(1);

    t.clock.advance(60_000);
    await t.drainJobs();
    expect(receiver.received).toHaveLength(2);
    const [first, second] = bodies();
    expect(second.id).toBe(first.id);
    const [delivered] = await deliveriesOf(endpoint.id);
    expect(delivered).toMatchObject({ id: first.id, status: 'succeeded', attempts: 2, response_status: 200, response_body: 'ok', error: null });
  });

  it('keeps at most 2 kB of an answer', async () => {
    const endpoint = await newEndpoint(['client.created']);
    receiver.answerNext({ status: 200, body: 'x'.repeat(10_000) });
    await newClient();
    await t.drainJobs();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery.response_body).toHaveLength(2048);
  });

  it('sends each event to the endpoints subscribed to it: client, membership, order, status changes and the invoice', async () => {
    const everything = await newEndpoint(['order.created', 'order.status_changed', 'client.created', 'membership.activated', 'invoice.issued'], '/all');
    const ordersOnly = await newEndpoint(['order.created'], '/orders');
    const client = await newClient();
    const activated = await t.post('/api/clients/activate_membership', { id: client.id }, { token: await admin() });
    expect(activated.statusCode, activated.body).toBe(200);
    const product = await catalogue.product({ price: 11_500 });
    const placed = await t.post('/api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity: 2 }] }, { token: await admin() });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as { id: number; reference: string; total: number };
    for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) {
      const res = await t.post('/api/orders/updatestatus', { id: order.id, status }, { token: await admin() });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.drainJobs();

    const events = (await deliveriesOf(everything.id)).map((d) => d.event).sort();
    expect(events).toEqual(['client.created', 'invoice.issued', 'membership.activated', 'order.created', ...Array(4).fill('order.status_changed')].sort());
    const ordered = (await deliveriesOf(everything.id)).find((d) => d.event === 'order.created')!;
    expect(ordered.data).toMatchObject({ id: order.id, reference: order.reference, client_id: client.id, total: order.total, status: 'new' });
    const dispatched = (await deliveriesOf(everything.id)).find((d) => d.event === 'order.status_changed' && d.data.to === 'dispatched')!;
    expect(dispatched.data).toMatchObject({ id: order.id, from: 'ready', to: 'dispatched' });
    const invoice = (await deliveriesOf(everything.id)).find((d) => d.event === 'invoice.issued')!;
    expect(invoice.data).toMatchObject({ client_id: client.id, order_id: order.id, total: order.total });
    expect((await deliveriesOf(everything.id)).every((d) => d.status === 'succeeded')).toBe(true);
    expect(receiver.received.filter((r) => r.url === '/all')).toHaveLength(8);
    expect(receiver.received.filter((r) => r.url === '/orders')).toHaveLength(1);

    expect((await deliveriesOf(ordersOnly.id)).map((d) => d.event)).toEqual(['order.created']);
  });

  it('tells payment.received for money recorded, with what was left as credit', async () => {
    const endpoint = await newEndpoint(['payment.received']);
    const client = await newClient();
    const paidAt = businessDay(t.clock.now());
    const res = await t.post('/api/billing/payment', { client_id: client.id, amount: 12_345, reference: 'EFT HOOKED', paid_at: paidAt }, { token: await admin() });
    expect(res.statusCode, res.body).toBe(201);
    await t.drainJobs();
    expect((await deliveriesOf(endpoint.id)).map((d) => d.event)).toEqual(['payment.received']);
    expect(bodies()).toEqual([
      expect.objectContaining({ event: 'payment.received', data: { id: res.json().data.id, client_id: client.id, amount: 12_345, unallocated: 12_345, paid_at: paidAt, reference: 'EFT HOOKED' } }),
    ]);
  });

  it('queues nothing for a change that fails', async () => {
    const endpoint = await newEndpoint(['order.status_changed']);
    const client = await newClient();
    const product = await catalogue.product();
    const placed = await t.post('/api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity: 1 }] }, { token: await admin() });
    const refused = await t.post('/api/orders/updatestatus', { id: placed.json().data.id, status: 'dispatched' }, { token: await admin() });
    expect(refused.statusCode).toBe(409);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });

  it('sends a signed ping from the test button, and redelivers a delivery with the same id', async () => {
    const endpoint = await newEndpoint(['invoice.issued']);
    const res = await t.post('/api/webhooks/testendpoint', { id: endpoint.id }, { token: await admin() });
    expect(res.statusCode, res.body).toBe(200);
    await t.drainJobs();
    const [ping] = receiver.received;
    expect(JSON.parse(ping.body)).toMatchObject({ event: 'ping', id: res.json().data.id, data: { endpoint_id: endpoint.id } });
    expect(verifyWebhookSignature(endpoint.secret, ping.headers['x-portal-timestamp'] as string, ping.body, ping.headers['x-portal-signature'] as string)).toBe(true);

    const again = await t.post('/api/webhooks/redeliver', { id: res.json().data.id }, { token: await admin() });
    expect(again.statusCode, again.body).toBe(200);
    await t.drainJobs();
    expect(receiver.received).toHaveLength(2);
    expect(JSON.parse(receiver.received[1].body).id).toBe(res.json().data.id);
    expect((await t.post('/api/webhooks/redeliver', { id: 'no-such-delivery' }, { token: await admin() })).statusCode).toBe(404);
  });

  it('checks the address again when delivering: a saved endpoint that is now private fails without a request', async () => {
    // As if the name had resolved to a public address at the save and to a private one now: the row written directly.
    const [row] = await t.db.insert(webhookEndpoints).values({ url: 'http://10.255.255.1:9/hooks', events: ['client.created'], secretSealed: '' }).returning();
    await t.db.update(webhookEndpoints).set({ secretSealed: new SecretBox(TEST_JWT_SECRET).seal('whsec_x', secretContext(row.id)) }).where(eq(webhookEndpoints.id, row.id));
    await newClient();
    await t.drainJobs();
    const [delivery] = await deliveriesOf(row.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, response_status: null });
    expect(delivery.error).toMatch(/10\.255\.255\.1 is a private/);
    expect(receiver.received).toHaveLength(0);
  });

  it('deletes an endpoint with its log; its queued tries then send nothing', async () => {
    const endpoint = await newEndpoint(['client.created']);
    await newClient();
    const res = await t.post('/api/webhooks/deleteendpoint', { id: endpoint.id }, { token: await admin() });
    expect(res.statusCode, res.body).toBe(200);
    await t.drainJobs();
    expect(receiver.received).toHaveLength(0);
    const [{ n }] = await t.db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(n).toBe(0);
    expect((await t.get(`/api/webhooks/endpoint?id=${endpoint.id}`, { token: await admin() })).statusCode).toBe(404);
  });
});
