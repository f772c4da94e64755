import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { movedPrices, outbox, sendWaiting, type SentHandlers, type WaitingOrder, type WaitingProof } from '../../src/offline/outbox';
import { forgetCache, persistCache, restoreCache } from '../../src/offline/persistedCache';
import { api, useMockApi } from './support/server';

const server = useMockApi();

const waiting = (key: string, userId = 7, product = 11): WaitingOrder => ({
  key,
  userId,
  body: { client_id: 3, lines: [{ product_id: product, quantity: 2, property_value_ids: [] }], notes: key },
  clientName: 'Karoo Health Store',
  shownPrices: { [product]: 1000 },
  placedAt: new Date(Date.parse('2026-11-26T08:00:00Z') + key.length).toISOString(),
});
/** What to tell when only orders wait (a proof told would be a mistake). */
const ordersTold = (order: SentHandlers['order']): SentHandlers => ({
  order,
  proof: (proof) => {
    throw new Error(`no proof was kept, yet ${proof.key} was told`);
  },
});
const sent = (key: string, unitPrice = 1000) => ({ id: key.length, reference: `ORD-${key}`, total: unitPrice * 2, lines: [{ product_id: 11, product_name: 'Zinc', unit_price: unitPrice }] });

afterEach(async () => {
  for (const order of [...(await outbox.list(7)), ...(await outbox.list(8))]) await outbox.discard(order.key);
});

describe('orders kept on the device (src/offline/outbox.ts)', () => {
  it('sends each waiting order with its own Idempotency-Key, oldest first, and removes it once the server has it', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(api('orders/create'), ({ request }) => {
        const key = request.headers.get('idempotency-key');
        keys.push(key);
        return HttpResponse.json({ data: sent(key ?? '') }, { status: 201 });
      }),
    );
    await outbox.keep(waiting('b-second'));
    await outbox.keep(waiting('a'));
    await outbox.keep(waiting('other-user', 8));
    const told: string[] = [];
    await sendWaiting(7, ordersTold((order, answer) => told.push(`${order.key}:${answer.reference}`)));
    expect(keys).toEqual(['a', 'b-second']);
    expect(told).toEqual(['a:ORD-a', 'b-second:ORD-b-second']);
    expect(await outbox.list(7)).toEqual([]);
    // Another user's order waits for that user.
    expect((await outbox.list(8)).map((o) => o.key)).toEqual(['other-user']);
  });

  it('keeps every order when the network fails, and sends them once it is back', async () => {
    server.use(http.post(api('orders/create'), () => HttpResponse.error()));
    await outbox.keep(waiting('a'));
    await outbox.keep(waiting('bb'));
    await sendWaiting(7, ordersTold(() => undefined));
    expect((await outbox.list(7)).map((o) => [o.key, o.refusal])).toEqual([
      ['a', undefined],
      ['bb', undefined],
    ]);
    server.use(http.post(api('orders/create'), ({ request }) => HttpResponse.json({ data: sent(request.headers.get('idempotency-key')!) }, { status: 201 })));
    await sendWaiting(7, ordersTold(() => undefined));
    expect(await outbox.list(7)).toEqual([]);
  });

  it('keeps an order the server refuses, with its message, and goes on with the next', async () => {
    server.use(
      http.post(api('orders/create'), ({ request }) =>
        request.headers.get('idempotency-key') === 'a'
          ? HttpResponse.json({ message: 'Product 11 is no longer sold', errors: { lines: 'no longer sold' } }, { status: 400 })
          : HttpResponse.json({ data: sent('bb') }, { status: 201 }),
      ),
    );
    await outbox.keep(waiting('a'));
    await outbox.keep(waiting('bb'));
    await sendWaiting(7, ordersTold(() => undefined));
    const left = await outbox.list(7);
    expect(left.map((o) => [o.key, o.refusal])).toEqual([['a', 'Product 11 is no longer sold']]);
    // A refused order is not sent again by itself: the user reads it and discards it.
    let calls = 0;
    server.use(http.post(api('orders/create'), () => (calls++, HttpResponse.json({ data: sent('a') }, { status: 201 }))));
    await sendWaiting(7, ordersTold(() => undefined));
    expect(calls).toBe(0);
  });

  it('tells which prices moved between the phone and the server', () => {
    expect(movedPrices(waiting('a'), sent('a', 1000))).toEqual([]);
    expect(movedPrices(waiting('a'), sent('a', 1150))).toEqual([{ name: 'Zinc', shown: 1000, charged: 1150 }]);
  });
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 4, 5, 6]);
const proof = (key: string, { photo = false, position = true } = {}): WaitingProof => ({
  kind: 'proof',
  key,
  userId: 7,
  deliveryId: 41,
  deliveryNumber: 'DEL-000041',
  orderReference: 'ORD-9',
  signedBy: 'Thandi Nkosi',
  capturedAt: '2026-11-26T09:15:00.000Z',
  position: position ? { lat: -33.9249, lng: 18.4241 } : null,
  signature: PNG.slice().buffer,
  photo: photo ? JPEG.slice().buffer : null,
  placedAt: new Date(Date.parse('2026-11-26T09:15:00Z') + key.length).toISOString(),
});
const proved = { id: 41, number: 'DEL-000041', order_id: 9, signed_by: 'Thandi Nkosi', delivered_at: '2026-11-26T10:00:00.000Z' };

/** What deliveries/pod was sent: its key, its text fields and its files' bytes and types. */
async function readProof(request: Request) {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  const files: Record<string, { type: string; bytes: number[] }> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else files[name] = { type: value.type, bytes: [...new Uint8Array(await value.arrayBuffer())] };
  }
  return { key: request.headers.get('idempotency-key'), fields, files };
}

describe('proofs of delivery kept on the device (the outbox\'s second kind)', () => {
  it('sends a kept proof to deliveries/pod as a form with its key, the signature PNG, the photo JPEG and the place, once', async () => {
    const received: Awaited<ReturnType<typeof readProof>>[] = [];
    server.use(
      http.post(api('deliveries/pod'), async ({ request }) => {
        received.push(await readProof(request));
        return HttpResponse.json({ data: proved });
      }),
    );
    await outbox.keep(proof('proof-key-1', { photo: true }));
    const told: string[] = [];
    const handlers: SentHandlers = { order: () => told.push('an order?'), proof: (kept, answer) => told.push(`${kept.key}:${answer.number}:${answer.signed_by}`) };
    await sendWaiting(7, handlers);
    // A second occasion (the timer, another tab) finds nothing left to send.
    await sendWaiting(7, handlers);
    expect(received).toHaveLength(1);
    expect(received[0].key).toBe('proof-key-1');
    expect(received[0].fields).toEqual({ delivery_id: '41', signed_by: 'Thandi Nkosi', captured_at: '2026-11-26T09:15:00.000Z', lat: '-33.9249', lng: '18.4241' });
    expect(received[0].files.signature).toEqual({ type: 'image/png', bytes: [...PNG] });
    expect(received[0].files.photo).toEqual({ type: 'image/jpeg', bytes: [...JPEG] });
    expect(told).toEqual(['proof-key-1:DEL-000041:Thandi Nkosi']);
    expect(await outbox.list(7)).toEqual([]);
  });

  it('leaves out the position the phone was refused and the photo not taken', async () => {
    const received: Awaited<ReturnType<typeof readProof>>[] = [];
    server.use(http.post(api('deliveries/pod'), async ({ request }) => (received.push(await readProof(request)), HttpResponse.json({ data: proved }))));
    await outbox.keep(proof('proof-key-2', { position: false }));
    await sendWaiting(7, { order: () => undefined, proof: () => undefined });
    expect(Object.keys(received[0].fields).sort()).toEqual(['captured_at', 'delivery_id', 'signed_by']);
    expect(Object.keys(received[0].files)).toEqual(['signature']);
  });

  it('keeps a proof through a lost connection and a server error, then sends it with the same key; orders and proofs go oldest first', async () => {
    server.use(http.post(api('deliveries/pod'), () => HttpResponse.error()));
    await outbox.keep(proof('proof-key-3'));
    await sendWaiting(7, { order: () => undefined, proof: () => undefined });
    server.use(http.post(api('deliveries/pod'), () => HttpResponse.json({ message: 'Unavailable' }, { status: 503 })));
    await sendWaiting(7, { order: () => undefined, proof: () => undefined });
    expect((await outbox.list(7)).map((item) => [item.key, item.refusal])).toEqual([['proof-key-3', undefined]]);

    // An order placed after the proof waits behind it.
    await outbox.keep({ ...waiting('an-order-after'), placedAt: '2026-11-26T11:00:00.000Z' });
    const calls: string[] = [];
    server.use(
      http.post(api('deliveries/pod'), ({ request }) => (calls.push(`pod:${request.headers.get('idempotency-key')}`), HttpResponse.json({ data: proved }))),
      http.post(api('orders/create'), ({ request }) => (calls.push(`order:${request.headers.get('idempotency-key')}`), HttpResponse.json({ data: sent('an-order-after') }, { status: 201 }))),
    );
    await sendWaiting(7, { order: () => undefined, proof: () => undefined });
    expect(calls).toEqual(['pod:proof-key-3', 'order:an-order-after']);
    expect(await outbox.list(7)).toEqual([]);
  });

  it('keeps a proof the server refuses, with its message, and does not send it again by itself', async () => {
    let calls = 0;
    server.use(
      http.post(api('deliveries/pod'), () => {
        calls++;
        return HttpResponse.json({ message: 'Delivery DEL-000041 already has its proof', errors: { delivery_id: 'already proven' } }, { status: 409 });
      }),
    );
    await outbox.keep(proof('proof-key-4'));
    await sendWaiting(7, { order: () => undefined, proof: () => undefined });
    await sendWaiting(7, { order: () => undefined, proof: () => undefined });
    expect(calls).toBe(1);
    expect((await outbox.list(7)).map((item) => [item.key, item.refusal])).toEqual([['proof-key-4', 'Delivery DEL-000041 already has its proof']]);
  });
});

describe('the query cache kept on the device (src/offline/persistedCache.ts)', () => {
  const filled = () => {
    const client = new QueryClient();
    client.setQueryData(['products', 'getList', { page: 1 }], { data: [{ id: 11, name: 'Zinc' }], total: 1 });
    client.setQueryData(['auth', 'checkAuth', {}], true);
    return client;
  };
  const written = async (client: QueryClient, userId: number) => {
    const stop = persistCache(client, userId);
    client.setQueryData(['clients', 'getOne', { id: '3' }], { id: 3, name: 'Karoo' });
    // Writes are gathered for a second; stopping writes what was gathering.
    await stop();
  };

  it('gives a new page the screens data its user saw, not the session checks', async () => {
    await written(filled(), 7);
    const next = new QueryClient();
    expect(await restoreCache(next, 7)).toBe(true);
    expect(next.getQueryData(['products', 'getList', { page: 1 }])).toEqual({ data: [{ id: 11, name: 'Zinc' }], total: 1 });
    expect(next.getQueryData(['clients', 'getOne', { id: '3' }])).toEqual({ id: 3, name: 'Karoo' });
    expect(next.getQueryData(['auth', 'checkAuth', {}])).toBeUndefined();
  });

  it('never gives one user what another left, nor what is over a week old, nor anything after sign-out', async () => {
    await written(filled(), 7);
    expect(await restoreCache(new QueryClient(), 8)).toBe(false);
    // The other user's look dropped it.
    expect(await restoreCache(new QueryClient(), 7)).toBe(false);

    await written(filled(), 7);
    expect(await restoreCache(new QueryClient(), 7, Date.now() + 8 * 24 * 3600_000)).toBe(false);

    await written(filled(), 7);
    await forgetCache();
    expect(await restoreCache(new QueryClient(), 7)).toBe(false);
  });
});
