import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { movedPrices, outbox, sendWaitingOrders, type WaitingOrder } from '../../src/offline/outbox';
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
    await sendWaitingOrders(7, (order, answer) => told.push(`${order.key}:${answer.reference}`));
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
    await sendWaitingOrders(7, () => undefined);
    expect((await outbox.list(7)).map((o) => [o.key, o.refusal])).toEqual([
      ['a', undefined],
      ['bb', undefined],
    ]);
    server.use(http.post(api('orders/create'), ({ request }) => HttpResponse.json({ data: sent(request.headers.get('idempotency-key')!) }, { status: 201 })));
    await sendWaitingOrders(7, () => undefined);
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
    await sendWaitingOrders(7, () => undefined);
    const left = await outbox.list(7);
    expect(left.map((o) => [o.key, o.refusal])).toEqual([['a', 'Product 11 is no longer sold']]);
    // A refused order is not sent again by itself: the user reads it and discards it.
    let calls = 0;
    server.use(http.post(api('orders/create'), () => (calls++, HttpResponse.json({ data: sent('a') }, { status: 201 }))));
    await sendWaitingOrders(7, () => undefined);
    expect(calls).toBe(0);
  });

  it('tells which prices moved between the phone and the server', () => {
    expect(movedPrices(waiting('a'), sent('a', 1000))).toEqual([]);
    expect(movedPrices(waiting('a'), sent('a', 1150))).toEqual([{ name: 'Zinc', shown: 1000, charged: 1150 }]);
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
