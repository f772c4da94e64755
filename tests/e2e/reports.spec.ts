import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiGetAs, apiSignIn, message, useSession } from './support/axe';

/**
 * Sales analytics in the browser: an invoice issued on dispatch shows on the admin's screen as a
 * drawn chart with data and, under it, a table naming the product and client; the CSV holds what
 * is on screen; in Arabic the page runs right to left; on a 390 px phone nothing spills sideways.
 */

const post = async (request: APIRequestContext, token: string, path: string, data: unknown) => {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' }, data });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()).data;
};

/** A new product sold to a new client, its order dispatched (so invoiced) today. */
async function invoicedSale(request: APIRequestContext) {
  const admin = await apiSignIn(request, 'admin@example.com');
  const stamp = Date.now().toString(36);
  // A price far above anything the demo sells, so the product is among the top products.
  const product = await post(request, admin, 'api/products/save', { sku: `CHART-${stamp}`, name: `Chart product ${stamp}`, price: 99_999_00 });
  const client = await post(request, admin, 'api/clients/save', { type: 'stockist', name: `Chart client ${stamp}`, email: `chart-${stamp}@example.com` });
  const order = await post(request, admin, 'api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity: 3 }] });
  for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) await post(request, admin, 'api/orders/updatestatus', { id: order.id, status });
  return { admin, product: product as { id: number; name: string }, client: client as { id: number; name: string } };
}

test('the sales analytics screen draws its charts with data, a table under each, and exports them as CSV', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { admin, product, client } = await invoicedSale(request);
  const report = await apiGetAs<{ data: { key: string; quantity: number; net: number; vat: number; total: number }[] }>(request, admin, `api/reports/sales?group_by=product&product_id=${product.id}`);
  // VAT-inclusive prices: the line's VAT is 15/115 of its whole amount, half a cent up.
  expect(report.data).toEqual([expect.objectContaining({ key: String(product.id), quantity: 3, total: 29_999_700, vat: 3_913_004, net: 26_086_696 })]);

  await useSession(page, 'en', admin);
  await page.goto('/sales-analytics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sales analytics');
  const products = page.getByTestId('sales-chart-products');
  // The chart is drawn: an SVG with one bar per row at least.
  await expect(products.locator('svg .MuiBarChart-element').filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByTestId('sales-chart-main').locator('svg .MuiBarChart-element').filter({ visible: true }).first()).toBeVisible();
  // The tables under the charts name the product and the client among the top ones.
  await expect(products.getByRole('table').getByRole('rowheader', { name: product.name })).toBeVisible();
  await expect(page.getByTestId('sales-chart-clients').getByRole('table').getByRole('rowheader', { name: client.name })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('section,key,label,quantity,net,vat,total,documents,compare_quantity,compare_net,compare_vat,compare_total');
  expect(csv).toContain(`Top products (excluding VAT),${product.id},${product.name},3,`);
});

test('in Arabic on a 390 px phone the screen runs right to left, in Arabic, without spilling sideways', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { admin, product } = await invoicedSale(request);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await useSession(page, 'ar', admin);
  await page.goto('/sales-analytics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('ar', 'app.pages.sales_analytics'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const products = page.getByTestId('sales-chart-products');
  await expect(products.locator('svg .MuiBarChart-element').filter({ visible: true }).first()).toBeVisible();
  await expect(products.getByRole('table').getByRole('rowheader', { name: product.name })).toBeVisible();
  const spill = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(spill).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
  await context.close();
});
