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

/** One connection of its own per subscription (outside the pool), reconnected after a second when it drops. */
export function postgresNotices(connectionString: string, log: (message: string) => void = console.warn): ChangeNotices {
  const listeners = new Set<pg.Client>();
  return {
    async subscribe(channel, onNotice, onLive) {
      let stopped = false;
      let client: pg.Client | null = null;
      // Loaded here, as in client.ts: an instance on the embedded database never loads the pg driver.
      const { Client } = (await import('pg')).default;
      const connect = async (): Promise<void> => {
        const next = new Client({ connectionString });
        next.on('notification', (message) => {
          if (message.channel === channel) onNotice(message.payload ?? '');
        });
        const lost = () => {
          if (client !== next) return;
          client = null;
          listeners.delete(next);
          onLive(false);
          if (!stopped) {
            log(`the ${channel} notice connection to PostgreSQL dropped; reconnecting`);
            setTimeout(() => void connect().catch(retry), 1000).unref();
          }
        };
        next.on('error', lost);
        next.on('end', lost);
        await next.connect();
        // pg's identifier quoting is not exposed on Client; the channel names are the portal's own constants.
        await next.query(`LISTEN "${channel}"`);
        if (stopped) return void (await next.end());
        client = next;
        listeners.add(next);
        onLive(true);
      };
      const retry = (error: Error) => {
        log(`listening on ${channel} failed (${error.message}); trying again`);
        if (!stopped) setTimeout(() => void connect().catch(retry), 1000).unref();
      };
      await connect();
      return async () => {
        stopped = true;
        onLive(false);
        const current = client;
        client = null;
        if (current) {
          listeners.delete(current);
          await current.end().catch(() => undefined);
        }
      };
    },
    // A notice committed before a query is sent reaches the listening connection before its answer.
    sync: coalesced(async () => {
      await Promise.all([...listeners].map((client) => client.query('select 1').catch(() => undefined)));
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
