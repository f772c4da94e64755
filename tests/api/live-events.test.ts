import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { repClients } from '../../server/db/schema';
import { MAX_STREAMS_PER_USER } from '../../server/events/hub';
import { TICKET_SECONDS } from '../../server/events/routes';
import { useTestApp } from './support/app';
import { about, openStream, type OpenStream } from './support/liveEvents';

/**
 * `GET api/events`, the live-event stream. The app listens on a port of its own (a stream
 * never ends, so it cannot go through app.inject) and the streams are read as a browser's fetch
 * reads them; every wait is for an event, none for a time.
 */
const t = useTestApp();
let base = '';
let product = 0;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const products = (await t.get('/api/products/all?page=1&perPage=1', { token: await t.tokenFor('admin') })).json().data as { id: number }[];
  product = products[0]!.id;
});

async function order(clientId: number): Promise<number> {
  const answer = await t.post('/api/orders/create', { client_id: clientId, lines: [{ product_id: product, quantity: 1 }] }, { token: await t.tokenFor('admin') });
  expect(answer.statusCode).toBe(201);
  return answer.json().data.id as number;
}

/** A stream as `role`, once the server says events reach it. */
async function streamOf(role: 'admin' | 'production' | 'reseller' | 'stockist' | 'individual', options: { lastEventId?: string } = {}): Promise<OpenStream> {
  const stream = await openStream(base, { token: await t.tokenFor(role), ...options });
  expect(stream.status).toBe(200);
  await stream.next('ready', (event) => event.event === 'ready');
  return stream;
}

describe('GET api/events', () => {
  it('streams text/event-stream in the realtime shape: an order created, then updated, with its id', async () => {
    const stream = await streamOf('production');
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const id = await order(t.demo.stockist.clientId!);
    const created = await stream.next('the order created', about('created', 'orders', id));
    expect(created.data).toEqual({ topic: 'resource/orders', type: 'created', payload: { ids: [id] } });
    expect(Number(created.id)).toBeGreaterThan(0);
    const moved = await t.post('/api/orders/updatestatus', { id, status: 'confirmed' }, { token: await t.tokenFor('production') });
    expect(moved.statusCode).toBe(200);
    await stream.next('the order updated', about('updated', 'orders', id));
    const comment = await t.post('/api/orders/comment', { order_id: id, text: 'Packed in two boxes' }, { token: await t.tokenFor('production') });
    expect(comment.statusCode).toBeLessThan(300);
    const updates = () => stream.events.filter(about('updated', 'orders', id)).length;
    await stream.next('the comment as an update', () => updates() >= 2);
    stream.close();
  });

  it("a member's stream never carries another client's order; the admin's carries both", async () => {
    const stockist = await streamOf('stockist');
    const admin = await streamOf('admin');
    const other = await order(t.demo.individual.clientId!);
    const own = await order(t.demo.stockist.clientId!);
    // Events go out in commit order: once the member's own order is in, the other's would be too.
    await stockist.next("the member's own order", about('created', 'orders', own));
    expect(stockist.events.filter(about('created', 'orders', other))).toEqual([]);
    await admin.next('the other order', about('created', 'orders', other));
    await admin.next('the own order', about('created', 'orders', own));
    stockist.close();
    admin.close();
  });

  it("a rep hears of its clients' orders, and of a client's from the moment it is linked", async () => {
    const rep = t.demo.reseller;
    const linked = await t.db.select({ clientId: repClients.clientId }).from(repClients).where(eq(repClients.repUserId, rep.id));
    expect(linked.length).toBeGreaterThan(0);
    const stream = await streamOf('reseller');
    const unlinked = t.demo.individual.clientId!;
    expect(linked.map((row) => row.clientId)).not.toContain(unlinked);
    const before = await order(unlinked);
    const ofItsClient = await order(linked[0]!.clientId);
    await stream.next("its client's order", about('created', 'orders', ofItsClient));
    expect(stream.events.filter(about('created', 'orders', before))).toEqual([]);
    const links = await t.post('/api/reps/saveclientlinks', { rep_user_id: rep.id, client_ids: [...linked.map((row) => row.clientId), unlinked] }, { token: await t.tokenFor('admin') });
    expect(links.statusCode).toBe(200);
    const after = await order(unlinked);
    await stream.next('the newly linked client’s order', about('created', 'orders', after));
    stream.close();
    await t.post('/api/reps/saveclientlinks', { rep_user_id: rep.id, client_ids: linked.map((row) => row.clientId) }, { token: await t.tokenFor('admin') });
  });

  it('a reconnection with Last-Event-ID gets what it missed, once and in order; one older than the window is told to refetch', async () => {
    const first = await streamOf('admin');
    const seen = await order(t.demo.stockist.clientId!);
    const last = await first.next('an order', about('created', 'orders', seen));
    first.close();
    const missedA = await order(t.demo.stockist.clientId!);
    const missedB = await order(t.demo.individual.clientId!);
    const again = await streamOf('admin', { lastEventId: last.id });
    // Everything missed comes before `ready`; among it the orders' events (each order also queues
    // its confirmation mail, which the mail queue announces to the admin).
    const ready = again.events.findIndex((event) => event.event === 'ready');
    expect(again.events.slice(0, ready).every((event) => event.event === 'message')).toBe(true);
    const replayed = again.events
      .slice(0, ready)
      .filter((event) => (event.data as { topic: string }).topic === 'resource/orders')
      .map((event) => (event.data as { payload: { ids: number[] } }).payload.ids[0]);
    expect(replayed).toEqual([missedA, missedB]);
    again.close();

    const stale = await streamOf('admin', { lastEventId: '1' });
    expect(stale.events.map((event) => event.event)).toEqual(['resync', 'ready']);
    stale.close();
  });

  it('refuses a caller without a token or ticket, and a forged token (401 naming the cause)', async () => {
    const none = await openStream(base);
    expect(none.status).toBe(401);
    const forged = await openStream(base, { token: 'not.a.token' });
    expect(forged.status).toBe(401);
  });

  it('a ticket opens one stream once, within its seconds; the token never goes in the URL', async () => {
    const token = await t.tokenFor('stockist');
    const made = await t.post('/api/events/ticket', undefined, { token });
    expect(made.statusCode).toBe(200);
    const { ticket, expires_in } = made.json() as { ticket: string; expires_in: number };
    expect(expires_in).toBe(TICKET_SECONDS);
    expect(ticket).not.toContain(token);
    const opened = await openStream(base, { ticket });
    expect(opened.status).toBe(200);
    await opened.next('ready', (event) => event.event === 'ready');
    opened.close();
    expect((await openStream(base, { ticket })).status).toBe(401);

    const late = (await t.post('/api/events/ticket', undefined, { token })).json().ticket as string;
    t.clock.advance((TICKET_SECONDS + 1) * 1000);
    expect((await openStream(base, { ticket: late })).status).toBe(401);
    expect((await t.post('/api/events/ticket')).statusCode).toBe(401);
  });

  it(`caps the streams of one user at ${MAX_STREAMS_PER_USER} (429 naming events); closing one frees its place`, async () => {
    const open: OpenStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) open.push(await streamOf('individual'));
    const token = await t.tokenFor('individual');
    const refused = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toHaveProperty('events');
    open.pop()!.close();
    await expect.poll(() => t.app.liveEvents.streamsOf(t.demo.individual.id)).toBe(MAX_STREAMS_PER_USER - 1);
    const another = await streamOf('individual');
    for (const stream of [...open, another]) stream.close();
  });
});

describe('a stream over time', () => {
  it('sends heartbeats, and ends when its sign-in ends', async () => {
    const quick = await t.variant({ eventsHeartbeatMs: 30, eventsSessionCheckMs: 30 });
    await quick.listen({ port: 0, host: '127.0.0.1' });
    const quickBase = `http://127.0.0.1:${(quick.server.address() as AddressInfo).port}`;
    const user = await t.makeUser({ role: 'production' });
    const token = await t.tokenFor({ id: user.id });
    const stream = await openStream(quickBase, { token });
    expect(stream.status).toBe(200);
    await stream.next('two heartbeats', () => stream.heartbeats >= 2);
    expect((await t.post('/api/auth/logout', undefined, { token })).statusCode).toBe(200);
    await stream.ended;
    expect(quick.liveEvents.streamsOf(user.id)).toBe(0);
  });

  it('an instance shutting down ends its streams instead of waiting on them', async () => {
    const closing = await t.variant({});
    await closing.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(`http://127.0.0.1:${(closing.server.address() as AddressInfo).port}`, { token: await t.tokenFor('admin') });
    await stream.next('ready', (event) => event.event === 'ready');
    await closing.close();
    await stream.ended;
    expect(closing.liveEvents.size).toBe(0);
  });
});
