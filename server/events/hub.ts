import { BROWSER_RESOURCES, parseLiveEvent, type LiveEvent } from './liveEvent';
import type { EventScope } from './scope';

/** Events an instance keeps for browsers that reconnect (Last-Event-ID); an older one gets `resync`. */
export const REPLAY_WINDOW = 1000;
/** Open streams per user on one instance: a tab each, and a bound on what one account can hold open. */
export const MAX_STREAMS_PER_USER = 5;

export interface LiveStream {
  userId: number;
  scope: EventScope;
  /** An event this stream's user may read. */
  deliver(event: LiveEvent): void;
  /** Events may have been missed (the instance stopped hearing the database): refetch what is shown. */
  resync(): void;
  /** Ends the stream (the instance is shutting down; the browser reconnects to another). */
  end(): void;
}

/**
 * One per instance: hears every event the database announces (server/db/notices.ts), keeps the
 * last REPLAY_WINDOW of them, and hands each to the open streams allowed to read it.
 */
export class EventHub {
  private readonly recent: LiveEvent[] = [];
  private readonly streams = new Set<LiveStream>();
  /** A stream's scope being read again; its next events wait for it. */
  private readonly pending = new Map<LiveStream, Promise<void>>();
  private live = false;

  constructor(private readonly window = REPLAY_WINDOW) {}

  notice(payload: string): void {
    const event = parseLiveEvent(payload);
    if (!event) return;
    if (event.resource === 'rep_clients') {
      // Which clients a stream may hear of changed: each reads them again (only a rep's scope reads
      // anything), and the events after this one wait for it, so they are judged by the new links.
      for (const stream of this.streams) this.after(stream, () => stream.scope.refresh().catch(() => stream.resync()));
      return;
    }
    if (!BROWSER_RESOURCES.has(event.resource)) return;
    this.recent.push(event);
    if (this.recent.length > this.window) this.recent.shift();
    for (const stream of this.streams) this.after(stream, () => (stream.scope.allows(event) ? stream.deliver(event) : undefined));
  }

  /** Runs `step` now, or after the stream's pending refresh, so a stream's events keep their order. */
  private after(stream: LiveStream, step: () => void | Promise<void>): void {
    const pending = this.pending.get(stream);
    const next = pending ? pending.then(step) : step();
    if (!(next instanceof Promise)) return;
    const settled = next.finally(() => {
      if (this.pending.get(stream) === settled) this.pending.delete(stream);
    });
    this.pending.set(stream, settled);
  }

  /** The database connection that brings the events dropped (false) or is back (true). */
  setLive(live: boolean): void {
    const lost = this.live && !live;
    this.live = live;
    if (lost) for (const stream of this.streams) stream.resync();
  }

  /**
   * The events after `lastId` this stream's user may read, or null when this instance cannot tell
   * (they are older than its window, or from before it started): the browser then refetches.
   */
  since(lastId: number, scope: EventScope): LiveEvent[] | null {
    const first = this.recent[0];
    if (!first || lastId < first.id - 1) return null;
    return this.recent.filter((event) => event.id > lastId && scope.allows(event));
  }

  streamsOf(userId: number): number {
    let count = 0;
    for (const stream of this.streams) if (stream.userId === userId) count++;
    return count;
  }

  /** Ends every stream: an open one would keep the server from closing. */
  endAll(): void {
    for (const stream of [...this.streams]) stream.end();
    this.streams.clear();
    this.pending.clear();
  }

  get size(): number {
    return this.streams.size;
  }

  add(stream: LiveStream): void {
    this.streams.add(stream);
  }

  remove(stream: LiveStream): void {
    this.streams.delete(stream);
    this.pending.delete(stream);
  }
}
