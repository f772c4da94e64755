import { readEventStream, type EventSourceMessage } from '../../../shared/events/readEventStream';

export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: unknown;
}

export interface OpenStream {
  status: number;
  headers: Headers;
  /** Every event so far, in order (heartbeats are comments, counted apart). */
  events: ReceivedEvent[];
  heartbeats: number;
  /** Resolves with the first event (from the start) that matches, or fails after `ms` naming what it waited for. */
  next(what: string, match: (event: ReceivedEvent) => boolean, ms?: number): Promise<ReceivedEvent>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens `GET api/events` as a browser's streamed fetch does and parses what arrives, so a test
 * waits on the events themselves (never on a sleep).
 */
export async function openStream(base: string, options: { token?: string; ticket?: string; lastEventId?: string } = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  const url = `${base}/api/events${options.ticket ? `?ticket=${encodeURIComponent(options.ticket)}` : ''}`;
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const stream: OpenStream = {
    status: response.status,
    headers: response.headers,
    events,
    heartbeats: 0,
    next(what, match, ms = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${what} within ${ms} ms; received: ${JSON.stringify(events)}`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  if (response.status !== 200 || !response.body) return stream;
  stream.ended = readEventStream(
    response.body,
    (message: EventSourceMessage) => {
      events.push({ id: message.id, event: message.event ?? 'message', data: JSON.parse(message.data) });
      for (const waiter of [...waiters]) waiter();
    },
    () => {
      stream.heartbeats++;
      for (const waiter of [...waiters]) waiter();
    },
  ).catch(() => undefined); // Aborted by close().
  return stream;
}

/** An event of the realtime shape about `resource` with one of `ids`. */
export const about =
  (type: string, resource: string, id: number) =>
  (event: ReceivedEvent): boolean => {
    const data = event.data as { topic?: string; type?: string; payload?: { ids?: number[] } };
    return event.event === 'message' && data.topic === `resource/${resource}` && data.type === type && (data.payload?.ids ?? []).includes(id);
  };
