import { onlineManager } from '@tanstack/react-query';

/**
 * react-query's idea of the connection is the one the screens use (react-admin's `useIsOffline`,
 * paused queries and mutations). It starts as "online" whatever the browser says; a page opened
 * without a connection must start offline, or its first calls fail instead of waiting.
 */
export function followBrowserConnection(): void {
  if (typeof navigator !== 'undefined' && 'onLine' in navigator) onlineManager.setOnline(navigator.onLine);
}
