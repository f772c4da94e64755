/**
 * The installable app's service worker (built by vite-plugin-pwa's injectManifest from this file
 * to /sw.js; registered by src/offline/registerServiceWorker.ts for the roles in OFFLINE_ROLES only).
 *
 * - Every file of the build (scripts, styles, messages, icons) is precached with its revision, so
 *   an offline phone opens screens it never visited; a new build replaces the old cache.
 * - A page (any navigation outside /api and /uploads) is asked of the network first: index.html
 *   carries a fresh CSP nonce per response (server/http/securityHeaders.ts), so a cached copy is
 *   only the fallback when there is no network. Its copy is self-consistent: the header and the
 *   meta tag hold the same nonce.
 * - The API is never cached here: what screens show offline is the query cache the web app keeps
 *   in IndexedDB (src/offline/persistedCache.ts), per user, cleared at sign-out.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: [/^\/api(\/|$)/, /^\/uploads\//] },
  ),
);

// A new build takes over at once: the app's files are content-hashed, and the pages it serves are
// the network's whenever there is one.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
