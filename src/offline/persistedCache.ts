import { dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { QUERY_CACHE_DB } from './network';

/**
 * The query cache of a member's or rep's app, kept in IndexedDB so screens seen before open
 * offline, after a reload or a closed browser too. Our own small persister instead of TanStack's:
 * theirs pins an older @tanstack/query-core, a second copy of it in the back office's bundle.
 *
 * One entry, for one user: restored only for the user who wrote it, dropped after a week and at
 * sign-out (a shared computer keeps no member's data once they sign out).
 */
const MAX_AGE_MS = 7 * 24 * 3600_000;
/** A change of what is kept (its shape) makes older entries unreadable: bump it. */
const FORMAT = 1;
const ENTRY = 'cache';
/** How long a query stays in memory, unused, while the cache is persisted: what was seen today opens offline tonight. */
export const PERSISTED_GC_TIME_MS = 24 * 3600_000;
/** Writes are gathered: a list screen changes dozens of queries at once. */
const WRITE_DELAY_MS = 1000;

interface Entry {
  format: number;
  userId: number;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

let store: UseStore | null = null;
const cacheStore = () => (store ??= createStore(QUERY_CACHE_DB, 'entries'));
/** Browsers without it (some private windows) and test environments: the app works, only not offline. */
const hasIndexedDb = () => typeof indexedDB !== 'undefined';

/**
 * What screens showed, answered successfully. Not react-admin's own `auth` queries (checkAuth,
 * permissions, identity): restored, they would stand in for the session check each page load makes,
 * and the session would never load its core data.
 */
const isScreenData = (query: Query): boolean => query.state.status === 'success' && query.queryKey[0] !== 'auth';

/** Puts what was kept for this user back into the client; false when nothing usable was kept. */
export async function restoreCache(client: QueryClient, userId: number, now = Date.now()): Promise<boolean> {
  if (!hasIndexedDb()) return false;
  try {
    const entry = await get<Entry>(ENTRY, cacheStore());
    if (!entry) return false;
    if (entry.format !== FORMAT || entry.userId !== userId || now - entry.savedAt > MAX_AGE_MS) {
      await del(ENTRY, cacheStore());
      return false;
    }
    hydrate(client, entry.state);
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps the client's screen data for this user from now on; answers the function that stops it,
 * which first writes what was still gathering (and resolves once it is written).
 */
export function persistCache(client: QueryClient, userId: number): () => Promise<void> {
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, gcTime: PERSISTED_GC_TIME_MS } });
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = async () => {
    timer = null;
    if (!hasIndexedDb()) return;
    // Through JSON: IndexedDB refuses a whole entry over one value it cannot clone (a function in a
    // query's meta, say); JSON drops such values and keeps the data, which is JSON from the API anyway.
    const state = JSON.parse(JSON.stringify(dehydrate(client, { shouldDehydrateQuery: isScreenData, shouldDehydrateMutation: () => false }))) as Entry['state'];
    const entry: Entry = { format: FORMAT, userId, savedAt: Date.now(), state };
    await set(ENTRY, entry, cacheStore()).catch(() => undefined);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    timer ??= setTimeout(() => void write(), WRITE_DELAY_MS);
  });
  return async () => {
    unsubscribe();
    if (timer === null) return;
    clearTimeout(timer);
    await write();
  };
}

/** Removes what was kept (sign-out, in a page where the back office had it open). */
export async function forgetCache(): Promise<void> {
  if (!hasIndexedDb()) return;
  await del(ENTRY, cacheStore()).catch(() => undefined);
}
