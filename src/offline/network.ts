/**
 * The small facts of the offline app that the session (and so the public sign-in page) needs:
 * nothing here may import react-query or IndexedDB helpers, which the public pages must not load.
 */

/**
 * A call that never reached the server: `fetch` rejects with a TypeError when the network is down
 * (or the server unreachable). An ApiError is an answer, and an abort is the caller's own doing.
 */
export const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError;

/**
 * Roles that get the installable, offline-tolerant app (the service worker, the screens kept on the
 * device, a session that opens offline): members and reps, in the field, and the production team,
 * whose driver takes the proof of delivery where the connection is poor. Everyone's outbox sends
 * what waits; this is about reopening the app without a connection.
 */
export const OFFLINE_ROLES: ReadonlySet<string> = new Set(['stockist', 'individual', 'reseller', 'production']);

/** The IndexedDB database the query cache is kept in (src/offline/persistedCache.ts). */
export const QUERY_CACHE_DB = 'portal-query-cache';

/** Sign-out: the screens' data kept on this device goes (what waits in its outbox stays, for the user to send). */
export function forgetKeptScreens(): void {
  if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(QUERY_CACHE_DB);
}
