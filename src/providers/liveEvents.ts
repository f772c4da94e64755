import { API_BASE } from './http';
import { getToken } from './storage';

/** What a subscriber receives: react-admin's realtime event, or `resync` when events may have been missed. */
export interface LiveEvent {
  topic: string;
  type: 'created' | 'updated' | 'deleted' | 'resync';
  payload: { ids: number[] };
}
export type LiveCallback = (event: LiveEvent) => void;

/** Waits before reconnecting after a drop: doubling from 1 s to 30 s, back to 1 s once connected. */
const RETRY_MS = [1000, 2000, 4000, 8000, 16000, 30000];

/**
 * The tab's one stream of live events (`GET api/events`, server/events): opened with the first
 * subscription and closed with the last, read as a streamed fetch so the token goes in the
 * Authorization header (EventSource would need it in the URL). It reconnects on its own, naming
 * the last event it saw (Last-Event-ID) so the server replays what was missed; when it could not,
 * every subscriber gets `resync` and refetches. An event about `resource/orders` with ids [5]
 * reaches the subscribers of `resource/orders` and of `resource/orders/5`.
 */
export class LiveEvents {
  private readonly subscribers = new Map<string, Set<LiveCallback>>();
  private controller: AbortController | null = null;
  private lastEventId: string | null = null;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;

  subscribe(topic: string, callback: LiveCallback): void {
    let callbacks = this.subscribers.get(topic);
    if (!callbacks) this.subscribers.set(topic, (callbacks = new Set()));
    callbacks.add(callback);
    this.start();
  }

  unsubscribe(topic: string, callback: LiveCallback): void {
    const callbacks = this.subscribers.get(topic);
    callbacks?.delete(callback);
    if (callbacks?.size === 0) this.subscribers.delete(topic);
    if (this.subscribers.size === 0) this.stop();
  }

  private start(): void {
    if (this.controller || this.retry) return;
    const token = getToken();
    // Signed out: nothing to listen to until a subscription comes with a session.
    if (!token) return;
    const controller = new AbortController();
    this.controller = controller;
    void this.read(token, controller).finally(() => {
      if (this.controller !== controller) return;
      this.controller = null;
      if (this.subscribers.size === 0 || !getToken()) return;
      const wait = RETRY_MS[Math.min(this.attempt++, RETRY_MS.length - 1)]!;
      this.retry = setTimeout(() => {
        this.retry = null;
        this.start();
      }, wait);
    });
  }

  private stop(): void {
    this.controller?.abort();
    this.controller = null;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  private async read(token: string, controller: AbortController): Promise<void> {
    const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
    if (this.lastEventId) headers['Last-Event-ID'] = this.lastEventId;
    // The stream's parser is a chunk of its own, fetched beside the stream: the first screen
    // renders without it (the first screen's download budget), and the stream only starts after that render.
    const reader = import('../../shared/events/readEventStream');
    let response: Response;
    let readEventStream: Awaited<typeof reader>['readEventStream'];
    try {
      [response, { readEventStream }] = await Promise.all([fetch(`${API_BASE || window.location.origin}/api/events`, { headers, signal: controller.signal }), reader]);
    } catch {
      return;
    }
    if (!response.ok || !response.body) return;
    try {
      await readEventStream(response.body, (message) => {
        if (message.id) this.lastEventId = message.id;
        if (message.event === 'ready') this.attempt = 0;
        else if (message.event === 'resync') this.resync();
        else if (!message.event) this.dispatch(JSON.parse(message.data) as LiveEvent);
      });
    } catch {
      // Aborted, or the connection dropped: start() decides whether to come back.
    }
  }

  private dispatch(event: LiveEvent): void {
    const topics = [event.topic, ...event.payload.ids.map((id) => `${event.topic}/${id}`)];
    for (const topic of topics) for (const callback of [...(this.subscribers.get(topic) ?? [])]) callback({ ...event, topic });
  }

  private resync(): void {
    for (const [topic, callbacks] of this.subscribers) for (const callback of [...callbacks]) callback({ topic, type: 'resync', payload: { ids: [] } });
  }
}

export const liveEvents = new LiveEvents();
