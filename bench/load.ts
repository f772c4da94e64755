/** A bounded load run against a server on this machine: `concurrency` workers share `requests` calls. */
export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  concurrency: number;
  requests: number;
  /** Each request's body, e.g. a distinct Idempotency-Key per create. */
  bodyFor?: (index: number) => unknown;
  /** Each successful answer, parsed, when the caller checks what the server acknowledged. */
  onAnswer?: (answer: unknown) => void;
  /** Each request's body as a form (`application/x-www-form-urlencoded`), e.g. a payment notification. */
  formFor?: (index: number) => string;
  /** Each request's headers instead of `headers`, e.g. another member's token per request. */
  headersFor?: (index: number) => Record<string, string>;
  /** Each request's URL instead of `url`, e.g. a different document per request. */
  urlFor?: (index: number) => string;
  /** A successful answer this refuses (e.g. a PDF that does not start with `%PDF-`) counts as a failure. */
  accept?: (body: Buffer, response: Response) => boolean;
  /** The status every answer must have (default: any 2xx); e.g. 304 on a revalidation. */
  expectStatus?: number;
  /** `manual` measures a redirect itself (the click links of campaign mail) instead of following it. */
  redirect?: RequestRedirect;
}

export interface LoadFigures {
  requests: number;
  concurrency: number;
  failures: number;
  rps: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (n: number) => Math.round(n * 100) / 100;

export async function load(options: LoadOptions): Promise<LoadFigures> {
  const timings: number[] = [];
  let failures = 0;
  let next = 0;
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers: { ...(options.body === undefined && !options.bodyFor ? {} : { 'content-type': 'application/json' }), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: options.redirect,
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.requests) {
        const index = next;
        next += 1;
        let request = options.bodyFor ? { ...init, body: JSON.stringify(options.bodyFor(index)) } : init;
        if (options.formFor) request = { ...request, body: options.formFor(index), headers: { ...(init.headers as Record<string, string>), 'content-type': 'application/x-www-form-urlencoded' } };
        if (options.headersFor) request = { ...request, headers: { ...(init.headers as Record<string, string>), ...options.headersFor(index) } };
        const t = performance.now();
        const response = await fetch(options.urlFor ? options.urlFor(index) : options.url, request).catch(() => null);
        const body = response ? Buffer.from(await response.arrayBuffer()) : null;
        if (!response || (options.expectStatus ? response.status !== options.expectStatus : !response.ok) || (options.accept && !options.accept(body!, response))) failures += 1;
        else if (options.onAnswer && body!.length) options.onAnswer(JSON.parse(body!.toString('utf8')));
        timings.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  return {
    requests: timings.length,
    concurrency: options.concurrency,
    failures,
    rps: round(timings.length / seconds),
    p50_ms: round(percentile(timings, 50)),
    p95_ms: round(percentile(timings, 95)),
    p99_ms: round(percentile(timings, 99)),
    max_ms: round(timings[timings.length - 1]),
  };
}
