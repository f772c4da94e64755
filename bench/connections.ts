/**
 * A load at a number of open connections for a number of seconds, by autocannon, for the figures
 * taken at many connections (the lists at 20, the click redirect at 200).
 *
 * Why not Node's own fetch (bench/load.ts, still used for the creates and the PDFs, whose answers
 * are parsed and checked): on a two-core machine the load generator shares the cores with the
 * server, and fetch spends about as much CPU on a request as the server does, so at 200 connections
 * it measured its own queue as much as the server's. Compared for this: wrk (C, Debian's package)
 * and autocannon (the Fastify authors' generator, an npm package). Both take a small share of a
 * core (a bare Fastify hello-world answers ~18,000 requests/s to wrk and ~21,000 to autocannon at 20
 * connections here); autocannon is taken because it comes with `npm install`, checks each answer's
 * status and headers in the same process, and gives each request's own time, where wrk 4's
 * percentiles carry its coordinated-omission correction (one pause counted again for every request
 * the connection would have sent meanwhile), so the figures stay those of a closed loop, as before.
 */
import autocannon from 'autocannon';
import type { LoadFigures } from './load';

export interface ConnectionsOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  /** The status every answer must have (default 200). */
  expectStatus?: number;
  /** The Location every answer must carry (a redirect), if any. */
  expectLocation?: string;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (n: number) => Math.round(n * 100) / 100;

export async function atConnections(options: ConnectionsOptions): Promise<LoadFigures> {
  const timings: number[] = [];
  let failures = 0;
  const expected = options.expectStatus ?? 200;
  const url = new URL(options.url);
  const instance = autocannon({
    url: url.origin,
    connections: options.connections,
    duration: options.seconds,
    // As Node's fetch asks (the bench's figures before this): gzip, not the browsers' brotli.
    headers: { 'accept-encoding': 'gzip, deflate', ...options.headers },
    requests: [
      {
        method: 'GET',
        path: url.pathname + url.search,
        onResponse: (status, _body, _context, headers) => {
          const location = (headers as Record<string, string> | undefined)?.location;
          if (status !== expected || (options.expectLocation !== undefined && location !== options.expectLocation)) failures += 1;
        },
      },
    ],
  });
  // Every answer's own time (autocannon's histogram keeps only 2xx answers, and a redirect is measured too).
  (instance as unknown as NodeJS.EventEmitter).on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => timings.push(ms));
  const result = await instance;
  timings.sort((a, b) => a - b);
  return {
    requests: timings.length,
    concurrency: options.connections,
    failures: failures + result.errors + result.timeouts,
    rps: round(timings.length / options.seconds),
    p50_ms: round(percentile(timings, 50)),
    p95_ms: round(percentile(timings, 95)),
    p99_ms: round(percentile(timings, 99)),
    max_ms: round(timings[timings.length - 1]),
  };
}

/** Seconds of load before a figure (its code optimised, its statements prepared on every pooled connection) and of the figure. */
export const WARM_UP_SECONDS = 3;
export const MEASURED_SECONDS = 10;

/** A warm-up run, then the measured one. */
export async function measured(options: Omit<ConnectionsOptions, 'seconds'>): Promise<LoadFigures> {
  await atConnections({ ...options, seconds: WARM_UP_SECONDS });
  return atConnections({ ...options, seconds: MEASURED_SECONDS });
}
