import { expect, test } from '@playwright/test';

/**
 * The readable API reference: Swagger UI at /api/docs, served from this server under
 * its own Content-Security-Policy, lists the operations; the web app's pages are untouched by it.
 */
test('the API reference at /api/docs lists the operations, with no CSP violation or script error', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  const answer = await page.goto('/api/docs');
  expect(answer?.status()).toBe(200);
  await expect(page.locator('.information-container .title')).toContainText('Members Portal API');
  await expect(page.locator('.information-container')).toContainText('OAS 3.1');
  // Each domain is a section, and its operations are listed with method and path.
  await expect(page.locator('.opblock-tag').first()).toBeVisible();
  const login = page.locator('.opblock-post', { has: page.locator('[data-path="/api/auth/login"]') });
  await expect(login).toBeVisible();
  await expect(login).toContainText('Sign in with email and password');

  // Past 150 sections and operations Swagger UI draws only those near the screen (a virtual list):
  // the operations are counted by scrolling the whole list once, and one is opened on the way. The
  // scrolling runs in the page, a screen at a time with two frames after each (the virtual list
  // draws what came into view), so it is one call rather than four per screen: on CI's loaded
  // cores the calls one by one took the test past its limit.
  const listed = new Set<string>();
  const scrollUntil = (stopAt: string | null) =>
    page.evaluate(async (stopPath) => {
      const keys: string[] = [];
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      for (let step = 0; step < 400; step++) {
        for (const block of document.querySelectorAll('.opblock')) {
          keys.push(block.querySelector('[data-path]')?.getAttribute('data-path') + ' ' + block.className);
        }
        if (stopPath && document.querySelector(`.opblock-post [data-path="${stopPath}"]`)) return { keys, found: true };
        if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2) return { keys, found: false };
        window.scrollBy(0, window.innerHeight * 0.8);
        await frame();
      }
      return { keys, found: false };
    }, stopAt);
  const remember = (keys: string[]) => {
    for (const key of keys) listed.add(key.replace(/ .*opblock-(get|post|put|delete|patch).*/, ' $1'));
  };

  const toPricing = await scrollUntil('/api/products/savegrouppricing');
  remember(toPricing.keys);
  expect(toPricing.found).toBe(true);
  // Opening an operation shows who may call it.
  const pricing = page.locator('.opblock-post', { has: page.locator('[data-path="/api/products/savegrouppricing"]') });
  await pricing.locator('.opblock-summary').click();
  await expect(page.getByText('Roles allowed: admin.').first()).toBeVisible();
  remember((await scrollUntil(null)).keys);
  expect(listed.size).toBeGreaterThan(90);

  expect(problems).toEqual([]);
  // Everything the page loads comes from this server (no CDN).
  const origin = new URL(page.url()).origin;
  expect(requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
  expect(requested).toContain(`${origin}/api/docs/json`);
});

test('the web app keeps its own pages and CSP beside the reference', async ({ page }) => {
  await page.goto('/api/docs');
  const docsCsp = await page.evaluate(async () => (await fetch('/api/docs')).headers.get('content-security-policy'));
  const answer = await page.goto('/login');
  expect(answer?.status()).toBe(200);
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(answer?.headers()['content-security-policy']).not.toEqual(docsCsp);
  // A page path that only the web app knows still gets the web app, not the API.
  await page.goto('/members');
  await expect(page).toHaveURL(/\/login\?redirectFrom=%2Fmembers$/);
});
