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
  // the operations are counted by scrolling the whole list once, and one is opened on the way.
  const listed = new Set<string>();
  let opened = false;
  for (let step = 0; step < 200; step++) {
    for (const key of await page.locator('.opblock').evaluateAll((blocks) => blocks.map((block) => block.querySelector('[data-path]')?.getAttribute('data-path') + ' ' + block.className))) {
      listed.add(key.replace(/ .*opblock-(get|post|put|delete|patch).*/, ' $1'));
    }
    const pricing = page.locator('.opblock-post', { has: page.locator('[data-path="/api/products/savegrouppricing"]') });
    if (!opened && (await pricing.count()) > 0) {
      // Opening an operation shows who may call it.
      await pricing.locator('.opblock-summary').click();
      await expect(page.getByText('Roles allowed: admin.').first()).toBeVisible();
      opened = true;
    }
    const atEnd = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
    if (atEnd) break;
    await page.evaluate(() => window.scrollBy(0, window.innerHeight * 0.8));
    // Two frames: the virtual list draws what scrolled into view.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  expect(opened).toBe(true);
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
