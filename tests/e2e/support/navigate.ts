import type { Page } from '@playwright/test';

/** Pages whose next screen must be a full load (see loadAfreshNext). */
const freshLoadDue = new WeakSet<Page>();

/**
 * The page's next openPath loads afresh: what the page starts with changed (another session or
 * language set by an init script, which only a load runs).
 */
export function loadAfreshNext(page: Page): void {
  freshLoadDue.add(page);
}

/**
 * Opens `path` (with its query) in the app the page already shows, as a link would: the URL pushed
 * into the history and the router told (a popstate), so the app and its data stay loaded. A page
 * that shows no app yet, or already this very address, is loaded afresh instead (the router would
 * not remount a screen for its own address, and a dialog a test opened on it would stay open), and
 * so is one that loadAfreshNext marked.
 *
 * Why: the audits open some three hundred screens. Each full load parsed the back office's
 * JavaScript, started react-admin, asked who is signed in and read the messages again before the
 * screen's own calls: in-app, opening a screen took 0.65–1.0 s instead of 1.4–1.5 s (the admin's
 * first audit part, measured with the API suites running beside it).
 */
export async function openPath(page: Page, path: string): Promise<void> {
  const here = new URL(page.url());
  if (!here.protocol.startsWith('http') || `${here.pathname}${here.search}` === path || freshLoadDue.delete(page)) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
