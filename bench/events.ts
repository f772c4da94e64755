/**
 * The live-event figures: 1,000 streams open on one instance (the memory each costs the
 * server), and the time from an order's create to its event at every one of them. The portal is
 * the real one (scripts/start.mjs) on its own data; the streams are read here as the web app reads
 * them (a streamed fetch, eventsource-parser).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEventStream, type EventSourceMessage } from '../shared/events/readEventStream';
import { base, scratchDatabase, startPortal, stop } from './portal';

const STREAMS = 1000;
const ORDERS = 30;

/** The server process's resident memory, in kB (Linux). */
function rssKb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Stream {
  ready: Promise<void>;
  /** When each order's created event arrived, by order id. */
  arrivals: Map<number, number>;
  waiters: Map<number, () => void>;
  abort: AbortController;
}

function open(token: string): Stream {
  const abort = new AbortController();
  const stream: Stream = { ready: Promise.resolve(), arrivals: new Map(), waiters: new Map(), abort };
  stream.ready = new Promise<void>((resolve, reject) => {
    const onEvent = (message: EventSourceMessage) => {
      if (message.event === 'ready') return resolve();
      if (message.event) return;
      const data = JSON.parse(message.data) as { type: string; payload: { ids: number[] } };
      if (data.type !== 'created') return;
      for (const id of data.payload.ids) {
        stream.arrivals.set(id, performance.now());
        stream.waiters.get(id)?.();
      }
    };
    void fetch(`${base}/api/events`, { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` }, signal: abort.signal })
      .then(async (response) => {
        if (response.status !== 200 || !response.body) throw new Error(`the stream answered ${response.status}`);
        await readEventStream(response.body, onEvent);
      })
      .catch((error: Error) => {
        if (error.name !== 'AbortError') reject(error);
      });
  });
  return stream;
}

const arrived = (stream: Stream, id: number) =>
  stream.arrivals.has(id) ? Promise.resolve() : new Promise<void>((resolve) => stream.waiters.set(id, resolve));

export async function eventsFigures(): Promise<Record<string, unknown>> {
  // Node's fetch opens as many connections to one origin as are asked for (no per-origin cap).
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-events-'));
  // On PostgreSQL a database of its own, as the other parts: never the one DATABASE_URL names.
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'events') : null;
  const portal = await startPortal(dataDir, { LIVE_STREAMS_PER_USER: String(STREAMS), ...(scratch ? { DATABASE_URL: scratch.url } : {}) });
  try {
    const login = (await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'demo-pass-1234' }),
    }).then((r) => r.json())) as { access_token: string };
    const auth = { authorization: `Bearer ${login.access_token}`, 'content-type': 'application/json' };
    const client = ((await fetch(`${base}/api/clients/all?page=1&perPage=1`, { headers: auth }).then((r) => r.json())) as { data: { id: number }[] }).data[0]!.id;
    const product = ((await fetch(`${base}/api/products/all?page=1&perPage=1`, { headers: auth }).then((r) => r.json())) as { data: { id: number }[] }).data[0]!.id;

    const before = rssKb(portal.child.pid!);
    const streams: Stream[] = [];
    const opening = performance.now();
    for (let i = 0; i < STREAMS; i++) streams.push(open(login.access_token));
    await Promise.all(streams.map((stream) => stream.ready));
    const openMs = Math.round(performance.now() - opening);
    const after = rssKb(portal.child.pid!);

    // One order at a time: each delivery's time is from the create call leaving here (an upper
    // bound of commit-to-event: the commit is inside that call) to its event at a stream.
    const delays: number[] = [];
    for (let n = 0; n < ORDERS; n++) {
      const sent = performance.now();
      const answer = await fetch(`${base}/api/orders/create`, { method: 'POST', headers: auth, body: JSON.stringify({ client_id: client, lines: [{ product_id: product, quantity: 1 }] }) });
      if (answer.status !== 201) throw new Error(`orders/create answered ${answer.status}`);
      const id = ((await answer.json()) as { data: { id: number } }).data.id;
      await Promise.all(streams.map((stream) => arrived(stream, id)));
      for (const stream of streams) delays.push(stream.arrivals.get(id)! - sent);
    }
    delays.sort((a, b) => a - b);
    for (const stream of streams) stream.abort.abort();
    return {
      streams: STREAMS,
      open_all_ms: openMs,
      server_rss_kb_before: before,
      server_rss_kb_with_streams: after,
      kb_per_stream: Math.round(((after - before) / STREAMS) * 10) / 10,
      orders: ORDERS,
      deliveries: delays.length,
      create_to_event_p50_ms: Math.round(percentile(delays, 50) * 10) / 10,
      create_to_event_p99_ms: Math.round(percentile(delays, 99) * 10) / 10,
      create_to_event_max_ms: Math.round(delays.at(-1)! * 10) / 10,
    };
  } finally {
    await stop(portal.child);
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}
