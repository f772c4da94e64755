import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support';

/**
 * Live screens: two browsers side by side. Production's order list shows an order a
 * stockist places in the other browser within 2 s, without a reload; the order's page in one
 * browser shows a status change and a comment made in the other.
 */
test("an order placed in one browser appears in production's list in another within 2 s, without a reload", async ({ browser }) => {
  const production = await browser.newPage();
  // The list's live stream is open (its answer's headers come once the server has it listening).
  const streaming = production.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);
  await production.goto('/login');
  await signIn(production, 'production@example.com');
  await expect(production).toHaveURL(/\/orders$/);
  await expect(production.locator('tbody tr').first()).toBeVisible();
  await streaming;
  await production.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // The other browser: the stockist's own session places an order.
  const stockist = await browser.newContext();
  const login = await stockist.request.post('/api/auth/login', { data: { email: 'stockist@example.com', password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`, 'X-Requested-With': 'XMLHttpRequest' };
  const core = (await (await stockist.request.get('/api/auth/core', { headers })).json()) as { data: { user: { client: { id: number } } } };
  const catalogue = (await (await stockist.request.get('/api/products/all?page=1&perPage=1', { headers })).json()) as { data: { id: number }[] };
  const placed = await stockist.request.post('/api/orders/create', { headers, data: { client_id: core.data.user.client.id, lines: [{ product_id: catalogue.data[0]!.id, quantity: 2 }] } });
  expect(placed.status()).toBe(201);
  const orderId = ((await placed.json()) as { data: { id: number } }).data.id;
  const reference = `ORD-${String(orderId).padStart(6, '0')}`;

  await expect(production.getByRole('row').filter({ hasText: reference })).toBeVisible({ timeout: 2000 });
  expect(await production.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The order's page follows what others do to it: the stockist's browser shows production's moves.
  const page = await stockist.newPage();
  await page.addInitScript((token) => {
    localStorage.setItem('x_token', token);
    localStorage.setItem('auth.currentUser', token);
  }, headers.Authorization.slice('Bearer '.length));
  const orderStreaming = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);
  await page.goto(`/client/view/order/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(reference) })).toBeVisible();
  await orderStreaming;
  await production.getByRole('row').filter({ hasText: reference }).click();
  await production.getByRole('button', { name: 'Mark as Confirmed' }).click();
  await expect(production.getByText('The order is now Confirmed.')).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Confirmed', { timeout: 2000 });
  await production.getByRole('textbox', { name: 'New comment' }).fill('Packed in two boxes');
  await production.getByRole('button', { name: 'Add comment' }).click();
  await expect(page.getByText('Packed in two boxes')).toBeVisible({ timeout: 2000 });
  await stockist.close();
  await production.close();
});

/**
 * Stale saves: an admin edits a product in one browser while another admin saves it in
 * another. The form says so at once; a save made anyway is refused with a message, and the other
 * admin's save stays.
 */
test("an edit form says when someone else saved the record, and a stale save is refused, not overwriting theirs", async ({ browser }) => {
  // Mine on a phone held upright: the notice fits its width.
  const mine = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const theirs = await browser.newContext();
  const login = async (context: typeof mine) => {
    const answer = await context.request.post('/api/auth/login', { data: { email: 'admin@example.com', password: DEMO_PASSWORD } });
    return ((await answer.json()) as { access_token: string }).access_token;
  };
  const myToken = await login(mine);
  const headers = { Authorization: `Bearer ${await login(theirs)}`, 'X-Requested-With': 'XMLHttpRequest' };
  const stamp = Date.now().toString(36).toUpperCase();
  const created = await theirs.request.post('/api/products/save', { headers, data: { sku: `LIVE-${stamp}`, name: `Live ${stamp}`, price: 1_000 } });
  expect(created.status()).toBe(201);
  const product = ((await created.json()) as { data: { id: number; sku: string; version: number } }).data;

  const page = await mine.newPage();
  await page.addInitScript((token) => {
    localStorage.setItem('x_token', token);
    localStorage.setItem('auth.currentUser', token);
  }, myToken);
  const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200);
  await page.goto(`/products/${product.id}`);
  await expect(page.getByLabel('Name')).toHaveValue(`Live ${stamp}`);
  await streaming;
  await page.getByLabel('Name').fill(`Mine ${stamp}`);

  const saved = await theirs.request.post('/api/products/save', { headers: { ...headers, 'If-Match': `"${product.version}"` }, data: { id: product.id, sku: product.sku, name: `Theirs ${stamp}`, price: 1_000 } });
  expect(saved.status()).toBe(200);
  await expect(page.getByTestId('saved-elsewhere')).toContainText('Someone else saved this record after you opened it.', { timeout: 2000 });
  // What was typed is still there: the notice does not reload the form by itself.
  await expect(page.getByLabel('Name')).toHaveValue(`Mine ${stamp}`);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('so your save was refused and nothing was written').first()).toBeVisible();
  const stored = (await (await theirs.request.get(`/api/products/product?id=${product.id}`, { headers })).json()) as { data: { name: string } };
  expect(stored.data.name).toBe(`Theirs ${stamp}`);

  // Reload brings their save into the form, and the notice goes.
  await page.getByTestId('saved-elsewhere').getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(`Theirs ${stamp}`);
  await expect(page.getByTestId('saved-elsewhere')).toHaveCount(0);
  await mine.close();
  await theirs.close();
});
