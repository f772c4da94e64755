import { describe, expect, it } from 'vitest';
import { CounterCache } from '../../server/db/changeCounters';

/**
 * CounterCache.confirmed (server/db/changeCounters.ts): the counters as the database holds them now,
 * one read shared by the requests that asked before it was sent, and never a read sent before a
 * request asked given to that request.
 */
function database() {
  const reads: { resolve: (rows: { table: string; version: number }[]) => void; reject: (error: Error) => void }[] = [];
  const cache = new CounterCache(
    () => new Promise((resolve, reject) => reads.push({ resolve, reject })),
    () => {},
  );
  const answer = (index: number, orders: number) => reads[index].resolve([{ table: 'orders', version: orders }, { table: 'clients', version: 1 }]);
  return { cache, reads, answer };
}

/** Lets the promise callbacks queued so far run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('CounterCache.confirmed', () => {
  it('gives a request only a read sent after it asked, and shares each read among those who asked before it', async () => {
    const { cache, reads, answer } = database();
    const first = cache.confirmed(['orders']);
    expect(reads).toHaveLength(1);
    // Asked while the first read runs: a commit may have landed since it was sent, so they wait for the next.
    const second = cache.confirmed(['orders', 'clients']);
    const third = cache.confirmed(['orders']);
    expect(reads).toHaveLength(1);

    answer(0, 7);
    expect(await first).toEqual([7]);
    await settle();
    // The next read is sent once the first has ended, for both requests that waited.
    expect(reads).toHaveLength(2);
    answer(1, 8);
    expect(await second).toEqual([8, 1]);
    expect(await third).toEqual([8]);

    // Nothing running: a request's own read at once.
    const fourth = cache.confirmed(['orders']);
    expect(reads).toHaveLength(3);
    answer(2, 9);
    expect(await fourth).toEqual([9]);
  });

  it('fails the requests of a failed read, and the next request reads again', async () => {
    const { cache, reads, answer } = database();
    const first = cache.confirmed(['orders']);
    const waiting = cache.confirmed(['orders']);
    reads[0].reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settle();
    expect(reads).toHaveLength(2);
    answer(1, 3);
    expect(await waiting).toEqual([3]);
    const later = cache.confirmed(['orders']);
    answer(2, 4);
    expect(await later).toEqual([4]);
  });

  it('refuses a table the counters do not hold, rather than call it unchanged', async () => {
    const { cache, answer } = database();
    const asked = cache.confirmed(['payments']);
    answer(0, 1);
    await expect(asked).rejects.toThrow(/no row for payments/);
  });
});
