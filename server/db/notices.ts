import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * PostgreSQL's LISTEN/NOTIFY for what an instance keeps in memory (the users behind sessions):
 * a trigger notifies at commit (migration 0008), every instance listening forgets what changed.
 */
export interface ChangeNotices {
  /**
   * Calls `onNotice` with each payload on `channel`, and `onLive(false)` whenever notices may have
   * been missed (the listening connection dropped; it reconnects and reports `onLive(true)`).
   * Answers a function that stops listening.
   */
  subscribe(channel: string, onNotice: (payload: string) => void, onLive: (live: boolean) => void): Promise<() => Promise<void>>;
  /**
   * Resolves once every notice of a transaction this process committed before the call has been
   * handed to `onNotice`: called before a write's answer goes out, so the caller's next request,
   * on this instance, already sees the change.
   */
  sync(): Promise<void>;
}

/** The embedded database is in this process: PGlite hands a notice to its listeners as the commit returns. */
export function pgliteNotices(client: PGlite): ChangeNotices {
  return {
    async subscribe(channel, onNotice, onLive) {
      const unlisten = await client.listen(channel, onNotice);
      onLive(true);
      return async () => {
        onLive(false);
        await unlisten();
      };
    },
    sync: async () => undefined,
  };
}

interface Subscription {
  onNotice: (payload: string) => void;
  onLive: (live: boolean) => void;
  /** What it was last told, so a subscription made while the connection is made hears it once. */
  live: boolean;
}

const tell = (subscription: Subscription, live: boolean) => {
  if (subscription.live === live) return;
  subscription.live = live;
  subscription.onLive(live);
};

/**
 * One connection (outside the pool) listening on every subscribed channel, reconnected after a
 * second when it drops. One connection, not one per channel: a write's answer waits for `sync`, a
 * round trip on each listening connection, and every POST paid one per channel (users, counters,
 * live events) where one now serves them all.
 */
export function postgresNotices(connectionString: string, log: (message: string) => void = console.warn): ChangeNotices {
  const channels = new Map<string, Set<Subscription>>();
  let client: pg.Client | null = null;
  /** The connection being made (or remade), which every subscribe and reconnect waits on. */
  let connecting: Promise<void> | null = null;
  let retrying = false;
  const quoted = (channel: string) => `"${channel}"`;
  const each = (visit: (subscription: Subscription) => void) => {
    for (const subscriptions of channels.values()) for (const subscription of subscriptions) visit(subscription);
  };

  const connect = async (): Promise<void> => {
    // Loaded here, as in client.ts: an instance on the embedded database never loads the pg driver.
    const { Client } = (await import('pg')).default;
    const next = new Client({ connectionString });
    next.on('notification', (message) => {
      for (const subscription of channels.get(message.channel) ?? []) subscription.onNotice(message.payload ?? '');
    });
    const lost = () => {
      if (client !== next) return;
      client = null;
      each((subscription) => tell(subscription, false));
      if (channels.size > 0) {
        log('the notice connection to PostgreSQL dropped; reconnecting');
        reconnectLater();
      }
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    // pg's identifier quoting is not exposed on Client; the channel names are the portal's own constants.
    for (const channel of channels.keys()) await next.query(`LISTEN ${quoted(channel)}`);
    if (channels.size === 0) return void (await next.end());
    client = next;
    each((subscription) => tell(subscription, true));
  };
  const reconnectLater = () => {
    if (retrying) return;
    retrying = true;
    setTimeout(() => {
      retrying = false;
      if (client || channels.size === 0) return;
      connecting = connect()
        .catch((error: Error) => {
          log(`listening for notices failed (${error.message}); trying again`);
          reconnectLater();
        })
        .finally(() => {
          connecting = null;
        });
    }, 1000).unref();
  };

  return {
    async subscribe(channel, onNotice, onLive) {
      const subscription: Subscription = { onNotice, onLive, live: false };
      const subscribed = channels.get(channel);
      if (subscribed) subscribed.add(subscription);
      else channels.set(channel, new Set([subscription]));
      const forget = () => {
        const subscriptions = channels.get(channel);
        if (!subscriptions?.delete(subscription)) return null;
        if (subscriptions.size === 0) channels.delete(channel);
        return subscriptions;
      };
      try {
        // No await between the look and the start: two subscriptions at once make one connection.
        while (connecting) await connecting;
        if (client) {
          // The connection may have been made before this channel was added: LISTEN again is harmless.
          await client.query(`LISTEN ${quoted(channel)}`);
          tell(subscription, true);
        } else {
          connecting = connect().finally(() => {
            connecting = null;
          });
          await connecting;
        }
      } catch (error) {
        forget();
        throw error;
      }
      return async () => {
        const subscriptions = forget();
        if (!subscriptions) return;
        tell(subscription, false);
        if (subscriptions.size > 0) return;
        const current = client;
        if (!current) return;
        if (channels.size > 0) return void (await current.query(`UNLISTEN ${quoted(channel)}`).catch(() => undefined));
        client = null;
        await current.end().catch(() => undefined);
      };
    },
    // A notice committed before a query is sent reaches the listening connection before its answer.
    sync: coalesced(async () => {
      await client?.query('select 1').catch(() => undefined);
    }),
  };
}

/**
 * Many writes finishing at once share round trips: a caller joins the next run that starts after
 * it called (one already running may have been sent before the caller's commit, so it does not
 * count), so at most two runs are under way whatever the load.
 */
function coalesced(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    running = run().finally(() => {
      running = null;
    });
    return running;
  };
  return () => {
    if (!running) return start();
    next ??= running.then(() => {
      next = null;
      return start();
    });
    return next;
  };
}
