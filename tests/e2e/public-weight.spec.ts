import { expect, test, type Page } from '@playwright/test';
import { expectBackOffice, signIn } from './support';
import { networkQuiet, trackRequests } from './support/quiet';

/**
 * The public pages stay light: whatever a visitor opens before signing in,
 * the browser never downloads the back office — neither its shell (AdminApp) nor the chunk that
 * scripts/backOfficeChunk.mjs gathers for its first screen. The sizes themselves are `npm run
 * bench`'s; this proves in a real browser that the split holds on every public route.
 */
const publicRoutes = ['/login', '/register', '/forgot-password', '/reset-password/unknown', '/404', '/ext/track/order/unknown', '/complete/membership/unknown', '/unsubscribe/unknown', '/privacy'];
const backOffice = /\/assets\/(AdminApp|backoffice)-[\w-]+\.js$/;

/** The JavaScript files the page downloads while `visit` runs. */
async function scriptsLoaded(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const scripts: string[] = [];
  const record = (response: { url(): string }) => {
    if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
  };
  page.on('response', record);
  trackRequests(page);
  await visit();
  // Not `networkidle`: signed in, the back office's live-event stream stays open.
  await networkQuiet(page);
  page.off('response', record);
  return scripts;
}

for (const route of publicRoutes) {
  test(`${route} loads none of the back office's JavaScript`, async ({ page }) => {
    const scripts = await scriptsLoaded(page, async () => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => backOffice.test(path))).toEqual([]);
  });
}

test('signing in is what brings the back office in', async ({ page }) => {
  await page.goto('/login');
  const scripts = await scriptsLoaded(page, async () => {
    await signIn(page, 'admin@example.com');
    await expectBackOffice(page);
  });
  expect(scripts.filter((path) => backOffice.test(path)).length).toBe(2);
});
