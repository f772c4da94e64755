import { onlineManager } from '@tanstack/react-query';

/**
 * A call that never reached the server: `fetch` rejects with a TypeError when the network is down
 * (or the server unreachable). An ApiError is an answer, and an abort is the caller's own doing.
 */
export const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError;

/**
 * react-query's idea of the connection is the one the screens use (react-admin's `useIsOffline`,
 * paused queries and mutations). It starts as "online" whatever the browser says; a page opened
 * without a connection must start offline, or its first calls fail instead of waiting.
 */
export function followBrowserConnection(): void {
  if (typeof navigator !== 'undefined' && 'onLine' in navigator) onlineManager.setOnline(navigator.onLine);
}

/** Roles that get the installable, offline-tolerant app (issue 23): members and reps, in the field. */
export const OFFLINE_ROLES: ReadonlySet<string> = new Set(['stockist', 'individual', 'reseller']);
