import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectBackOffice, signIn } from './support';
import { apiGetAs, apiSignIn } from './support/axe';

/**
 * Paying an invoice online, the whole way, with the portal's test gateway standing in for PayFast
 * (the e2e server has no PayFast settings and does not run in production mode): the member clicks
 * "Pay now", the signed form is posted to the gateway's page, the member pays there, the gateway's
 * notification goes through PayFast's checks, and the member is back on a paid invoice.
 */

const post = async (request: APIRequestContext, token: string, path: string, data: unknown) => {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' }, data });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()).data;
};

/** A new open invoice of the demo stockist: an order of its, dispatched by the admin. */
async function openInvoice(request: APIRequestContext): Promise<{ id: number; number: string; clientId: number }> {
  const admin = await apiSignIn(request, 'admin@example.com');
  const stockist = await apiSignIn(request, 'stockist@example.com');
  const core = await apiGetAs<{ data: { user: { client: { id: number } } } }>(request, stockist, 'api/auth/core');
  const clientId = core.data.user.client.id;
  const products = await apiGetAs<{ data: { id: number; sku: string }[] }>(request, stockist, 'api/products/all?page=1&perPage=5&sort=id&order=ASC&active=true');
  const product = products.data.find((p) => p.sku !== 'MEMBERSHIP')!;
  const order = await post(request, stockist, 'api/orders/create', { client_id: clientId, lines: [{ product_id: product.id, quantity: 1 }] });
  for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) await post(request, admin, 'api/orders/updatestatus', { id: order.id, status });
  const view = await apiGetAs<{ data: { invoice: { id: number; number: string } } }>(request, admin, `api/orders/order?id=${order.id}`);
  return { ...view.data.invoice, clientId };
}

test('a member pays an invoice through the test gateway and sees it paid', async ({ page, request }) => {
  test.setTimeout(120_000);
  const invoice = await openInvoice(request);
  await page.goto('/login');
  await signIn(page, 'stockist@example.com');
  await expectBackOffice(page);
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(invoice.number);
  await page.getByRole('button', { name: 'Pay now' }).click();

  await expect(page).toHaveURL(/\/billing\/test-gateway\/\d+$/);
  await expect(page.getByText('TEST', { exact: true })).toBeVisible();
  await expect(page.getByText(/This is a test payment page: no money moves/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Invoices paid' })).toContainText(invoice.number);
  await page.getByRole('button', { name: 'Pay (test)' }).click();

  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payments' })).toContainText(/PayFast TEST-/);
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
});

test('on a 390 px phone a member pays chosen invoices from its statement', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const first = await openInvoice(request);
  const second = await openInvoice(request);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, 'stockist@example.com');
  await expectBackOffice(page);
  await page.goto(`/clients/view/${first.clientId}/statement`);
  const panel = page.getByRole('group', { name: 'Invoices to pay' });
  await expect(panel.getByRole('checkbox', { name: new RegExp(second.number) })).toBeChecked();
  // Pay only the first: every other open invoice (the second too) is left out.
  for (const box of await panel.getByRole('checkbox').all()) {
    const label = await box.evaluate((element) => element.closest('label')?.textContent ?? '');
    if (!label.includes(first.number)) await box.uncheck();
  }
  await expect(panel.getByRole('checkbox', { name: new RegExp(second.number) })).not.toBeChecked();
  const pay = page.getByRole('button', { name: 'Pay now' });
  await pay.click();
  await expect(page).toHaveURL(/\/billing\/test-gateway\/\d+$/);
  const gatewayWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(gatewayWidth).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Pay (test)' }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${first.id}$`));
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await context.close();
});
