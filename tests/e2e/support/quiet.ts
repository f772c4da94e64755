import type { Page, Request } from '@playwright/test';

/** The live-event stream stays open as long as the screen does: never "in flight" for these waits. */
const isLiveStream = (request: Request) => new URL(request.url()).pathname === '/api/events';

interface Tracker {
  inFlight: Set<Request>;
  lastActivity: number;
  wake: (() => void) | null;
}

const trackers = new WeakMap<Page, Tracker>();

/**
 * Starts counting the page's requests, the live-event stream aside. Called before the page's
 * first navigation (useSession, openScreen) so the calls a screen makes as it loads are counted.
 */
export function trackRequests(page: Page): Tracker {
  const known = trackers.get(page);
  if (known) return known;
  const tracker: Tracker = { inFlight: new Set(), lastActivity: Date.now(), wake: null };
  const changed = () => {
    tracker.lastActivity = Date.now();
    tracker.wake?.();
  };
  page.on('request', (request) => {
    if (isLiveStream(request)) return;
    tracker.inFlight.add(request);
    changed();
  });
  const done = (request: Request) => {
    if (tracker.inFlight.delete(request)) changed();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  trackers.set(page, tracker);
  return tracker;
}

/**
 * Playwright's `networkidle` (no request for 500 ms), except that the live-event stream does not
 * count: with it open, `networkidle` would never come. Waits on the page's request events.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const fresh = !trackers.has(page);
  const tracker = trackRequests(page);
  if (fresh) await page.waitForLoadState('load');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = Date.now();
    const quietFor = now - tracker.lastActivity;
    if (tracker.inFlight.size === 0 && quietFor >= quietMs) return;
    if (now > deadline) throw new Error(`the page still had ${tracker.inFlight.size} requests in flight after ${timeoutMs} ms: ${[...tracker.inFlight].map((r) => r.url()).join(', ')}`);
    // Until the next request starts or ends, or until the quiet time would be up.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(finish, tracker.inFlight.size === 0 ? quietMs - quietFor : deadline - now);
      function finish() {
        clearTimeout(timer);
        tracker.wake = null;
        resolve();
      }
      tracker.wake = finish;
    });
  }
}
