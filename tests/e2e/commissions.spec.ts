import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiGetAs, apiSignIn, useSession } from './support/axe';

/**
 * Commissions in the browser: the admin saves a rep's plan, reads the rep's statement of a month
 * with a payment in it, closes the month after confirming; the rep then reads its own statement,
 * closed; and on a 390 px phone in Arabic the rep's screen runs right to left without spilling.
 */

const post = async (request: APIRequestContext, token: string, path: string, data: unknown) => {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' }, data });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()).data;
};

/** A past month no other run has closed: a year of its own from the clock. */
const pastMonth = () => `${2001 + (Math.floor(Date.now() / 1000) % 20)}-${String(1 + (Math.floor(Date.now() / 20_000) % 12)).padStart(2, '0')}`;

/** A client of the demo rep whose R460.00 invoice (R400.00 net) was paid, R230.00 of it, in `month`. */
async function paidInvoice(request: APIRequestContext, month: string) {
  const admin = await apiSignIn(request, 'admin@example.com');
  const repToken = await apiSignIn(request, 'reseller@example.com');
  const rep = (await apiGetAs<{ data: { user: { id: number; name: string } } }>(request, repToken, 'api/auth/core')).data.user;
  const stamp = Date.now().toString(36);
  const product = await post(request, admin, 'api/products/save', { sku: `COMM-${stamp}`, name: `Commission product ${stamp}`, price: 11_500 });
  const client = await post(request, admin, 'api/clients/save', { type: 'stockist', name: `Commission client ${stamp}`, email: `commission-${stamp}@example.com`, rep_ids: [rep.id] });
  const order = await post(request, admin, 'api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity: 4 }] });
  for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) await post(request, admin, 'api/orders/updatestatus', { id: order.id, status });
  const invoices = await apiGetAs<{ data: { id: number; order_id: number | null }[] }>(request, admin, `api/billing/invoices?client_id=${client.id}`);
  const invoice = invoices.data.find((i) => i.order_id === order.id)!;
  await post(request, admin, 'api/billing/payment', { client_id: client.id, amount: 23_000, reference: `COMM ${stamp}`, paid_at: `${month}-10`, allocations: [{ invoice_id: invoice.id, amount: 23_000 }] });
  return { admin, repToken, rep, client };
}

test('the admin saves a plan, reads the rep’s statement and closes the month; the rep reads its own', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const month = pastMonth();
  const { admin, repToken, rep, client } = await paidInvoice(request, month);

  await useSession(page, 'en', admin);
  await page.goto('/commissions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Commissions');
  await page.getByRole('combobox', { name: 'Rep' }).click();
  await page.getByRole('option', { name: rep.name, exact: true }).click();
  await page.getByLabel('Month').fill(month);

  // The form says what is wrong before anything is sent.
  const rate = page.getByRole('textbox', { name: 'Rate (%)' });
  await rate.fill('150');
  await page.getByRole('button', { name: 'Save the plan' }).click();
  await expect(page.getByText('A rate from 0 to 100 %')).toBeVisible();
  await rate.fill('5');
  await page.getByRole('button', { name: 'Save the plan' }).click();
  await expect(page.getByText('The plan is saved')).toBeVisible();

  // R230.00 paid is R200.00 net; 5 % of it is R10.00.
  const statement = page.getByRole('region', { name: 'Statement' });
  await expect(statement.getByTestId('commission-paid')).toHaveText(/200,00/);
  await expect(statement.getByTestId('commission-total')).toHaveText(/10,00/);
  await expect(statement.getByRole('cell', { name: client.name })).toBeVisible();
  await expect(statement.getByText('Running month, not closed')).toBeVisible();

  await statement.getByRole('button', { name: 'Close the month' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Close ${month}?`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The month is closed')).toBeVisible();
  await expect(statement.getByText(/^Closed on/)).toBeVisible();
  await expect(statement.getByRole('button', { name: 'Close the month' })).toHaveCount(0);

  const repPage = await (await browser.newContext()).newPage();
  await useSession(repPage, 'en', repToken);
  await repPage.goto('/commissions');
  await repPage.getByLabel('Month').fill(month);
  const own = repPage.getByRole('region', { name: 'Statement' });
  await expect(own.getByTestId('commission-total')).toHaveText(/10,00/);
  await expect(own.getByText(/^Closed on/)).toBeVisible();
  await expect(own.getByRole('button', { name: 'Close the month' })).toHaveCount(0);
  await expect(own.getByRole('button', { name: 'PDF' })).toBeVisible();
});

test('in Arabic on a 390 px phone the rep’s statement runs right to left without spilling sideways', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const repToken = await apiSignIn(request, 'reseller@example.com');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await useSession(page, 'ar', repToken);
  await page.goto('/commissions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('العمولات');
  await expect(page.getByTestId('commission-total')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
