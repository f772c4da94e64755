import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { LiveEvents, type LiveEvent } from '../../src/providers/liveEvents';
import { setToken } from '../../src/providers/storage';
import { api, useMockApi } from './support/server';

const server = useMockApi();

/** An event-stream answer whose events the test writes as it goes. */
function eventStream() {
  const encoder = new TextEncoder();
  let push!: (text: string) => void;
  let end!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
    },
  });
  return { response: new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } }), push: (text: string) => push(text), end: () => end() };
}

const orderEvent = (id: number, eventId: number, type = 'created') => `id: ${eventId}\ndata: ${JSON.stringify({ topic: 'resource/orders', type, payload: { ids: [id] } })}\n\n`;

describe('the tab’s live events', () => {
  it('opens one stream with the Authorization header, and fans an event out to the list and the record topics', async () => {
    setToken('tok-1');
    const streams: ReturnType<typeof eventStream>[] = [];
    const seenHeaders: Headers[] = [];
    server.use(
      http.get(api('events'), ({ request }) => {
        seenHeaders.push(request.headers);
        const stream = eventStream();
        streams.push(stream);
        return stream.response;
      }),
    );
    const live = new LiveEvents();
    const list = vi.fn<(event: LiveEvent) => void>();
    const record = vi.fn<(event: LiveEvent) => void>();
    const other = vi.fn<(event: LiveEvent) => void>();
    live.subscribe('resource/orders', list);
    live.subscribe('resource/orders/7', record);
    live.subscribe('resource/orders/8', other);
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    expect(seenHeaders[0]!.get('authorization')).toBe('Bearer tok-1');
    streams[0]!.push('event: ready\ndata: {}\n\n');
    streams[0]!.push(orderEvent(7, 41));
    await vi.waitFor(() => expect(record).toHaveBeenCalledWith({ topic: 'resource/orders/7', type: 'created', payload: { ids: [7] } }));
    expect(list).toHaveBeenCalledWith({ topic: 'resource/orders', type: 'created', payload: { ids: [7] } });
    expect(other).not.toHaveBeenCalled();
    live.unsubscribe('resource/orders', list);
    live.unsubscribe('resource/orders/7', record);
    live.unsubscribe('resource/orders/8', other);
  });

  it('after a drop it reconnects naming the last event it saw; a resync reaches every subscriber', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      setToken('tok-2');
      const streams: ReturnType<typeof eventStream>[] = [];
      const lastIds: (string | null)[] = [];
      server.use(
        http.get(api('events'), ({ request }) => {
          lastIds.push(request.headers.get('last-event-id'));
          const stream = eventStream();
          streams.push(stream);
          return stream.response;
        }),
      );
      const live = new LiveEvents();
      const list = vi.fn<(event: LiveEvent) => void>();
      live.subscribe('resource/orders', list);
      await vi.waitFor(() => expect(streams).toHaveLength(1));
      streams[0]!.push(orderEvent(3, 90));
      await vi.waitFor(() => expect(list).toHaveBeenCalledTimes(1));
      streams[0]!.end();
      // The first retry waits a second.
      await vi.waitFor(async () => {
        await vi.advanceTimersByTimeAsync(1000);
        expect(streams).toHaveLength(2);
      });
      expect(lastIds).toEqual([null, '90']);
      streams[1]!.push('event: resync\ndata: {}\n\n');
      await vi.waitFor(() => expect(list).toHaveBeenLastCalledWith({ topic: 'resource/orders', type: 'resync', payload: { ids: [] } }));
      live.unsubscribe('resource/orders', list);
    } finally {
      vi.useRealTimers();
    }
  });

  it('signed out, it opens nothing; signed in, the same subscription opens the stream at once', async () => {
    server.use(http.get(api('events'), () => eventStream().response));
    // The stream's fetch starts inside subscribe() itself, before any await: a spy sees it or not at once.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const live = new LiveEvents();
      const first = vi.fn();
      live.subscribe('resource/orders', first);
      expect(fetchSpy).not.toHaveBeenCalled();
      live.unsubscribe('resource/orders', first);
      setToken('tok-3');
      live.subscribe('resource/orders', first);
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      live.unsubscribe('resource/orders', first);
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
