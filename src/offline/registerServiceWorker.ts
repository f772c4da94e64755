/**
 * Installs the app's service worker (src/sw/serviceWorker.ts, built to /serviceWorker.js) once
 * the page has loaded and the browser is idle: its precaching of the build must never compete
 * with the first screen. Production builds only: the dev server has no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/serviceWorker.js', { scope: '/' }).catch(() => undefined);
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
