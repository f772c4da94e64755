import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectBackOffice, signIn } from './support';
import { apiGetAs, apiSignIn, axeFindings, firstId, message, useSession } from './support/axe';

/**
 * Billing in the browser: an order goes out and its tax invoice is there, with its PDF; an admin
 * credits part of it; the member sees its account, downloads the PDF and sends proof of payment;
 * the admin confirms the proof and the member's balance drops; a rep sees its clients' balances.
 */

const post = async (request: APIRequestContext, token: string, path: string, data: unknown) => {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' }, data });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()).data;
};

/** An amount as the portal writes it (en-ZA): R, groups of three digits apart, a decimal comma. */
function moneyPattern(cents: number): RegExp {
  const rand = Math.floor(Math.abs(cents) / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '\\s?');
  return new RegExp(`${cents < 0 ? '-\\s?' : ''}R\\s?${rand}[.,]${String(Math.abs(cents) % 100).padStart(2, '0')}`);
}

interface Invoice {
  id: number;
  number: string;
  total: number;
  balance: number;
}

/** A dispatched order of the demo stockist (through the API, as production would) and its invoice. */
async function dispatchedOrderInvoice(request: APIRequestContext): Promise<{ invoice: Invoice; clientId: number }> {
  const admin = await apiSignIn(request, 'admin@example.com');
  const stockist = await apiSignIn(request, 'stockist@example.com');
  const core = await apiGetAs<{ data: { user: { client: { id: number } } } }>(request, stockist, 'api/auth/core');
  const clientId = core.data.user.client.id;
  const products = await apiGetAs<{ data: { id: number; sku: string }[] }>(request, stockist, 'api/products/all?page=1&perPage=5&sort=id&order=ASC&active=true');
  const product = products.data.find((p) => p.sku !== 'MEMBERSHIP')!;
  const order = await post(request, stockist, 'api/orders/create', { client_id: clientId, lines: [{ product_id: product.id, quantity: 2 }] });
  for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) await post(request, admin, 'api/orders/updatestatus', { id: order.id, status });
  const view = await apiGetAs<{ data: { invoice: { id: number } } }>(request, admin, `api/orders/order?id=${order.id}`);
  const invoice = await apiGetAs<{ data: Invoice }>(request, admin, `api/billing/invoice?id=${view.data.invoice.id}`);
  return { invoice: invoice.data, clientId };
}

async function downloadPdf(page: Page, name: RegExp | string, expectedName: string): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(expectedName);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return bytes;
}

test('an order goes out, its tax invoice and PDF are there, the admin credits a unit, the member pays by proof and the admin confirms it', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { invoice, clientId } = await dispatchedOrderInvoice(request);
  expect(invoice.number).toMatch(/^INV-\d{6}$/);

  // The admin: the invoice screen, its PDF, a credit note for one unit.
  const admin = await browser.newPage();
  await admin.goto('/login');
  await signIn(admin, 'admin@example.com');
  await expectBackOffice(admin);
  await admin.getByTestId('top-menu').getByRole('button', { name: 'Billing' }).click();
  await admin.getByRole('menuitem', { name: 'Invoices' }).click();
  await expect(admin).toHaveURL(/\/invoices$/);
  await admin.getByPlaceholder('Search').fill(invoice.number);
  // The search goes into the address once typing stops: wait for it before opening a row.
  await expect(admin).toHaveURL(new RegExp(encodeURIComponent(invoice.number)));
  await expect(admin.locator('tbody tr')).toHaveCount(1);
  await admin.getByText(invoice.number, { exact: true }).first().click();
  await expect(admin).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
  await expect(admin.getByRole('heading', { level: 1 })).toContainText(invoice.number);
  await downloadPdf(admin, 'Download PDF', `${invoice.number}.pdf`);

  await admin.getByRole('button', { name: 'Credit note' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Chosen lines and quantities').check();
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByRole('spinbutton').first().fill('1');
  await dialog.getByLabel('Reason (printed on the credit note)').fill('One box arrived damaged');
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  // Issuing is irreversible: a confirmation says so and names the amount.
  const confirmation = admin.getByRole('dialog').filter({ hasText: 'cannot be changed or withdrawn' });
  await confirmation.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(admin.getByText(/Credit note CN-\d{6} issued\./)).toBeVisible();
  await expect(admin.getByText('One box arrived damaged')).toBeVisible();
  const credited = await apiGetAs<{ data: Invoice }>(request, await apiSignIn(request, 'admin@example.com'), `api/billing/invoice?id=${invoice.id}`);
  expect(credited.data.balance).toBe(invoice.total / 2);
  await admin.close();

  // The member: its account on its own page, the invoice's PDF, a proof of payment.
  const member = await browser.newPage();
  await member.goto('/login');
  await signIn(member, 'stockist@example.com');
  await expect(member).toHaveURL(new RegExp(`/clients/view/${clientId}$`));
  await expect(member.getByRole('tablist', { name: 'Account' })).toBeVisible();
  const row = member.getByRole('row').filter({ hasText: invoice.number });
  await expect(row).toBeVisible();
  await downloadPdfIn(member, row, `${invoice.number}.pdf`);

  const stockistToken = await apiSignIn(request, 'stockist@example.com');
  const balanceOf = async () => (await apiGetAs<{ data: { balance: number } }>(request, stockistToken, `api/billing/account?client_id=${clientId}`)).data.balance;
  const owedBefore = await balanceOf();
  await member.getByRole('button', { name: 'Upload proof of payment' }).click();
  const proof = member.getByRole('dialog');
  await proof.getByLabel('Amount').fill(String(credited.data.balance / 100));
  await proof.getByLabel('Reference').fill(`E2E ${invoice.number}`);
  await proof.getByTestId('proof-file').setInputFiles({ name: 'bank-confirmation.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% a bank confirmation\n') });
  await proof.getByRole('button', { name: 'Send' }).click();
  await expect(member.getByText('Proof of payment sent. It waits for our confirmation.')).toBeVisible();

  // The admin confirms it on the payments screen; the invoice is paid.
  const again = await browser.newPage();
  await again.goto('/login');
  await signIn(again, 'admin@example.com');
  await expectBackOffice(again);
  await again.goto('/payments');
  const pending = again.getByTestId('pending-proofs').getByRole('row').filter({ hasText: `E2E ${invoice.number}` });
  await pending.getByRole('button', { name: 'Confirm' }).click();
  await again.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(again.getByText('Payment confirmed.')).toBeVisible();
  await again.close();

  // Confirmed money is allocated oldest invoice first: the account owes that much less.
  expect(await balanceOf()).toBe(owedBefore - credited.data.balance);
  await member.reload();
  await member.getByRole('tab', { name: 'Payments' }).click();
  await expect(member.getByRole('row').filter({ hasText: `E2E ${invoice.number}` })).toContainText('Confirmed');
  await member.close();
});

async function downloadPdfIn(page: Page, row: ReturnType<Page['getByRole']>, expectedName: string) {
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /PDF/ }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(expectedName);
  expect(readFileSync((await file.path())!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

/** A dispatched order (so an invoice owing) for a client, through the API as the admin. */
async function owingClient(request: APIRequestContext, admin: string, clientId: number) {
  const products = await apiGetAs<{ data: { id: number; sku: string }[] }>(request, admin, 'api/products/all?page=1&perPage=5&sort=id&order=ASC&active=true');
  const product = products.data.find((p) => p.sku !== 'MEMBERSHIP')!;
  const order = await post(request, admin, 'api/orders/create', { client_id: clientId, lines: [{ product_id: product.id, quantity: 1 }] });
  for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) await post(request, admin, 'api/orders/updatestatus', { id: order.id, status });
}

test('a rep sees its clients’ balances on the debtors screen, and the admin the statement of a client', async ({ page, request }) => {
  test.setTimeout(120_000);
  const adminToken = await apiSignIn(request, 'admin@example.com');
  const rep = await apiSignIn(request, 'reseller@example.com');
  const core = await apiGetAs<{ data: { user: { id: number } } }>(request, rep, 'api/auth/core');
  const view = await apiGetAs<{ data: { rep_clients: { data: { id: number; name: string }[] } } }>(request, rep, `api/reps/rep?rep_user_id=${core.data.user.id}`);
  const linked = view.data.rep_clients.data[0];
  // A client of the rep that owes, and one that is not the rep's and owes too.
  await owingClient(request, adminToken, linked.id);
  const stranger = await post(request, adminToken, 'api/clients/save', { type: 'stockist', name: `Not the rep's shop ${Date.now()}`, email: `stranger-${Date.now()}@example.com` });
  await owingClient(request, adminToken, stranger.id);

  await page.goto('/login');
  await signIn(page, 'reseller@example.com');
  await expectBackOffice(page);
  // A rep's Billing section holds its clients' debtors and its own commissions.
  await page.getByTestId('top-menu').getByRole('button', { name: 'Billing' }).click();
  await page.getByRole('menuitem', { name: 'Debtors' }).click();
  await expect(page).toHaveURL(/\/debtors$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Debtors' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: linked.name }).first()).toBeVisible();
  await expect(page.getByText(stranger.name)).toHaveCount(0);

  const all = await apiGetAs<{ data: { id: number; client_name: string; balance: number }[] }>(request, adminToken, 'api/billing/debtors?page=1&perPage=1&sort=balance&order=DESC');
  const top = all.data[0];
  await page.context().clearCookies();
  await page.goto('/login');
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expectBackOffice(page);
  await page.goto(`/clients/view/${top.id}/statement`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The closing balance the screen shows is the statement's (the last 90 days, the default period).
  const statement = await apiGetAs<{ data: { closing_balance: number } }>(request, adminToken, `api/billing/statement?client_id=${top.id}`);
  await expect(page.getByRole('row').filter({ hasText: 'Closing balance' }).first()).toContainText(moneyPattern(statement.data.closing_balance));
  await downloadPdf(page, /PDF/, `statement-${top.id}-${new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 10)}.pdf`);
});

/** The payment's confirmation: going back (Cancel) is no warning, so it carries no "!" icon; Record keeps its tick. */
for (const locale of ['en', 'ar'] as const) {
  test(`the payment confirmation's Cancel has no warning icon (${locale})`, async ({ page, request }) => {
    const admin = await apiSignIn(request, 'admin@example.com');
    const member = await firstId(request, admin, '/api/clients/all');
    await useSession(page, locale, admin);
    await page.goto(`/clients/view/${member}`);
    await page.getByRole('button', { name: message(locale, 'billing.payments.record') }).click();
    const dialog = page.getByRole('dialog', { name: message(locale, 'billing.payments.record') });
    await dialog.getByLabel(message(locale, 'resources.payments.fields.amount')).fill('10,00');
    await dialog.getByLabel(message(locale, 'resources.payments.fields.reference')).fill(`CANCEL-${locale}`);
    await dialog.getByRole('button', { name: message(locale, 'billing.payments.record_action') }).click();
    const confirmation = page.getByRole('dialog', { name: message(locale, 'billing.payments.confirm_record_title') });
    const cancel = confirmation.getByRole('button', { name: message(locale, 'ra.action.cancel') });
    await expect(cancel).toBeVisible();
    await expect(cancel.locator('svg')).toHaveCount(0);
    await expect(confirmation.getByRole('button', { name: message(locale, 'billing.payments.record_action') }).locator('svg')).toHaveCount(1);
    expect(await axeFindings(page, `payment confirmation (${locale})`)).toEqual([]);
    await cancel.click();
    await expect(confirmation).toHaveCount(0);
  });
}
