import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { apiSignIn, useSession } from './support/axe';

/**
 * Conditional reads in the web app: coming back to a list, and the tab getting the focus
 * again, ask with the validator of the answer already shown; the server answers 304 (it did not
 * run the list query) and the list still shows its rows. The list is searched down to a client of
 * this test's own: other workers create orders meanwhile, and the live stream rightly refreshes an
 * unfiltered list with theirs (the first row then changes under the check, as in one CI run).
 */
async function clientWithOrders(request: APIRequestContext, token: string): Promise<string> {
  const headers = { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' };
  const post = async (path: string, data: unknown) => {
    const response = await request.post(path, { headers, data });
    if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
    return ((await response.json()) as { data: { id: number } }).data.id;
  };
  const stamp = Date.now().toString(36);
  const name = `Revalidated client ${stamp}`;
  const client = await post('api/clients/save', { type: 'stockist', name, email: `revalidated-${stamp}@example.com` });
  const product = await post('api/products/save', { sku: `REVALIDATED-${stamp}`, name: `Revalidated product ${stamp}`, price: 4_500 });
  for (const quantity of [1, 2]) await post('api/orders/create', { client_id: client, lines: [{ product_id: product, quantity }] });
  return name;
}

function ordersListAnswers(page: Page): Response[] {
  const seen: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/orders/all') seen.push(response);
  });
  return seen;
}

test('returning to the orders list and focusing the tab again revalidate it with 304s', async ({ page, request }) => {
  const admin = await apiSignIn(request, 'admin@example.com');
  const client = await clientWithOrders(request, admin);
  await useSession(page, 'en', admin);
  const answers = ordersListAnswers(page);
  await page.goto(`/orders?${new URLSearchParams({ filter: JSON.stringify({ q: client }) })}`);
  const rows = page.locator('.RaDatagrid-tbody tr, table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(client);
  await expect.poll(() => answers.filter((r) => r.status() === 200).length).toBeGreaterThan(0);
  const firstRow = (await rows.first().textContent()) ?? '';

  // Away to the products and back through the menu (the app stays loaded): the list's answer is
  // confirmed, not sent again.
  await page.getByRole('button', { name: 'Catalogue' }).click();
  await page.getByRole('menuitem', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page.getByRole('button', { name: 'Sales' }).click();
  await page.getByRole('menuitem', { name: 'Orders' }).click();
  await expect.poll(() => answers.filter((r) => r.status() === 304).length).toBeGreaterThan(0);
  const revalidated = answers.find((r) => r.status() === 304)!;
  expect(await revalidated.request().headerValue('if-none-match')).toMatch(/^W\//);
  // The menu opens the list as it was left: searched for this test's client.
  expect(new URL(revalidated.url()).searchParams.get('q')).toBe(client);
  await expect(rows.first()).toHaveText(firstRow);

  // The tab hidden and shown again: react-admin refetches on focus, and again it is a 304.
  const before = answers.filter((r) => r.status() === 304).length;
  await page.evaluate(() => {
    // What the browser does when the user comes back to the tab (react-query listens on window).
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    window.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    window.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => answers.filter((r) => r.status() === 304).length).toBeGreaterThan(before);
  await expect(rows.first()).toHaveText(firstRow);
});
