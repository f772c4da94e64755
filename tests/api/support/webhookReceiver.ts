import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  /** The answers of the next requests, in order (then 200 "ok"). */
  answerNext(...answers: { status: number; body?: string }[]): void;
  close(): Promise<void>;
}

/**
 * A webhook receiver on 127.0.0.1 (the tests' and the bench's): keeps every request and answers as
 * told. On `listenPort` when given (a port WEBHOOK_ALLOWED_HOSTS names), otherwise a free one.
 */
export async function startWebhookReceiver(listenPort = 0): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const queued: { status: number; body?: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = queued.shift() ?? { status: 200, body: 'ok' };
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerNext: (...answers) => queued.push(...answers),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
