import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiGetAs, apiSignIn, message, useSession, type TestLocale } from './support/axe';
import { openHome } from './support';

/**
 * Each role's home page in the browser: the admin's business, a rep's clients and commission, a
 * member's purchases and balance, production's quantities to make (and no money) — drawn with
 * data in English on a desktop and in Arabic on a 390 px phone; and a bar's drill-down to the
 * invoices behind it, by mouse on the bar and by the link in the table under the chart.
 */

const emails = {
  admin: 'admin@example.com',
  production: 'production@example.com',
  reseller: 'reseller@example.com',
  stockist: 'stockist@example.com',
} as const;
type Role = keyof typeof emails;

const post = async (request: APIRequestContext, token: string, path: string, data: unknown) => {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' }, data });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()).data;
};

interface Sale {
  product: { id: number; name: string };
  client: { id: number; name?: string };
}

/** Zero rand as formatMoney writes it (en-ZA, no-break space, decimal comma). */
const noMoney = /^R\s0,00$/;

/**
 * A new product ordered by `clientId` (a new client of the demo rep when none is given), the
 * order moved up to `until`: dispatched issues its invoice today, confirmed puts it in the queue.
 */
async function sale(request: APIRequestContext, until: 'dispatched' | 'confirmed', clientId?: number, quantity = 3): Promise<Sale> {
  const admin = await apiSignIn(request, emails.admin);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  // A price far above anything the demo sells, so the product and its client top their charts.
  const product = await post(request, admin, 'api/products/save', { sku: `DASH-${stamp}`, name: `Dashboard product ${stamp}`, price: 99_999_00 });
  let client: Sale['client'] = { id: clientId ?? 0 };
  if (clientId === undefined) {
    const rep = (await apiGetAs<{ data: { user: { id: number } } }>(request, await apiSignIn(request, emails.reseller), 'api/auth/core')).data.user.id;
    client = await post(request, admin, 'api/clients/save', { type: 'stockist', name: `Dashboard client ${stamp}`, email: `dash-${stamp}@example.com`, rep_ids: [rep] });
  }
  // The demo member's credit limit would refuse a sale this size after a few runs: the admin overrides it, as the order screen lets it.
  const order = await post(request, admin, 'api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity }], credit_override_reason: 'Dashboard test sale' });
  const steps = until === 'dispatched' ? ['confirmed', 'in_production', 'ready', 'dispatched'] : ['confirmed'];
  for (const status of steps) await post(request, admin, 'api/orders/updatestatus', { id: order.id, status });
  if (clientId !== undefined && until === 'dispatched') {
    // The demo member's own sale is paid at once: its balance stays where it was, so the other
    // browser tests' orders for it are not refused by its credit limit (the sale still counts in
    // the reports, which count invoices).
    const placed = await apiGetAs<{ data: { invoice: { id: number } } }>(request, admin, `api/orders/order?id=${order.id}`);
    const invoice = await apiGetAs<{ data: { id: number; total: number } }>(request, admin, `api/billing/invoice?id=${placed.data.invoice.id}`);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date());
    await post(request, admin, 'api/billing/payment', {
      client_id: clientId,
      amount: invoice.data.total,
      reference: `Dashboard sale ${stamp}`,
      paid_at: today,
      allocations: [{ invoice_id: invoice.data.id, amount: invoice.data.total }],
    });
  }
  return { product, client };
}

/** A chart is drawn (an SVG with a visible bar) and its table names `name`. */
async function expectChart(page: Page, id: string, name: string) {
  const card = page.getByTestId(`sales-chart-${id}`);
  await expect(card.locator('svg .MuiBarChart-element').filter({ visible: true }).first()).toBeVisible();
  await expect(card.getByRole('table').getByRole('rowheader', { name })).toBeVisible();
}

/** What each role's dashboard must show once its data is in. */
const checks: Record<Role, (page: Page, sale: Sale, locale: TestLocale) => Promise<void>> = {
  admin: async (page, _sale, locale) => {
    await expect(page.getByTestId('month-sales-net')).not.toHaveText(noMoney);
    await expect(page.getByTestId('overdue-amount')).toBeVisible();
    await expect(page.getByTestId('waiting-confirmed')).toBeVisible();
    const months = page.getByTestId('sales-chart-dashboard-months');
    await expect(months.locator('svg .MuiBarChart-element').filter({ visible: true }).first()).toBeVisible();
    await expect(months.getByRole('table').getByRole('rowheader').first()).toBeVisible();
    await expect(page.getByTestId('sales-chart-dashboard-groups').getByRole('heading', { name: message(locale, 'reports.dashboard.sales_by_group') })).toBeVisible();
  },
  reseller: async (page, { client }, locale) => {
    await expect(page.getByTestId('month-sales-net')).not.toHaveText(noMoney);
    await expect(page.getByTestId('commission-commission')).toBeVisible();
    await expect(page.getByTestId('commission').getByRole('heading', { name: message(locale, 'reports.dashboard.commission_month') })).toBeVisible();
    await expect(page.getByTestId('sales-chart-dashboard-months').locator('svg .MuiBarChart-element').filter({ visible: true }).first()).toBeVisible();
    await expectChart(page, 'dashboard-clients', client.name!);
  },
  stockist: async (page, { product }) => {
    await expect(page.getByTestId('account-balance')).toBeVisible();
    await expect(page.getByTestId('sales-chart-dashboard-months').locator('svg .MuiBarChart-element').filter({ visible: true }).first()).toBeVisible();
    await expectChart(page, 'dashboard-products', product.name);
  },
  production: async (page, { product }) => {
    await expect(page.getByTestId(`to-make-${product.id}`)).toContainText(product.name);
    await expect(page.getByTestId(`to-make-${product.id}`).getByRole('cell').first()).toHaveText('3');
    await expect(page.getByTestId('waiting-confirmed')).toBeVisible();
    // No money on production's home: no rand amount anywhere in the page.
    await expect(page.locator('main')).not.toContainText(/R\s?[\d\s]+[.,]\d{2}/);
  },
};

/** The sale each role's dashboard is checked against: its own client's, its rep's, or a confirmed order. */
async function saleFor(request: APIRequestContext, role: Role): Promise<Sale> {
  if (role === 'production') return sale(request, 'confirmed');
  if (role === 'stockist') {
    const member = await apiGetAs<{ data: { user: { client: { id: number } | null } } }>(request, await apiSignIn(request, emails.stockist), 'api/auth/core');
    return sale(request, 'dispatched', member.data.user.client!.id);
  }
  return sale(request, 'dispatched');
}

for (const role of Object.keys(emails) as Role[]) {
  for (const { locale, width } of [
    { locale: 'en', width: 1280 },
    { locale: 'ar', width: 390 },
  ] as const) {
    test(`the ${role}'s dashboard draws its figures with data (${locale}, ${width} px)`, async ({ browser, request }) => {
      test.setTimeout(120_000);
      const made = await saleFor(request, role);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await useSession(page, locale, await apiSignIn(request, emails[role]));
      await openHome(page);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await checks[role](page, made, locale);
      const spill = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(spill, 'nothing spills sideways').toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}

/** The documents the invoices list shows, by the list's count of its rows. */
async function expectListed(page: Page, count: number, number?: string) {
  await page.waitForURL((url) => url.pathname === '/invoices');
  await expect(page.getByText(message('en', 'billing.invoices.behind_figure'))).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(count);
  if (number) await expect(rows.filter({ hasText: number })).toHaveCount(1);
}

test('a bar opens the invoices behind it, and so does its row in the table under the chart', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Four units: more than the other tests' sales of products as dear, so this one is among the top products.
  const { product } = await sale(request, 'dispatched', undefined, 4);
  const admin = await apiSignIn(request, emails.admin);
  const invoice = (await apiGetAs<{ data: { number: string }[] }>(request, admin, `api/billing/invoices?register=true&product_id=${product.id}`)).data;
  expect(invoice).toHaveLength(1);
  await useSession(page, 'en', admin);

  // The sales analytics screen: the new product tops its chart; its bar holds one invoice.
  await page.goto('/sales-analytics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'app.pages.sales_analytics'));
  const products = page.getByTestId('sales-chart-products');
  await expect(products.getByRole('table').getByRole('rowheader', { name: product.name })).toBeVisible();
  // Other tests sell products as dear at the same time: the bar is the one at the product's row.
  const names = await products.getByRole('table').locator('tbody th').allInnerTexts();
  const index = names.indexOf(product.name);
  expect(index).toBeGreaterThanOrEqual(0);
  await products.locator('g[data-series="current"] .MuiBarChart-element').nth(index).click();
  await expectListed(page, 1, invoice[0].number);
  // Keyboard and screen-reader users: the row's name in the table is the same way in.
  await page.goBack();
  await products.getByRole('link', { name: `${message('en', 'reports.invoices_behind')} ${product.name}`, exact: true }).click();
  await expectListed(page, 1, invoice[0].number);

  // The admin's dashboard: this month's bar opens this month's documents, as many as its row counted.
  await openHome(page);
  const months = page.getByTestId('sales-chart-dashboard-months');
  const lastRow = months.getByRole('table').locator('tbody tr').last();
  const documents = Number(await lastRow.locator('td').nth(4).innerText());
  expect(documents).toBeGreaterThanOrEqual(1);
  const shown = Math.min(documents, 25);
  await months.locator('g[data-series="current"] .MuiBarChart-element').last().click();
  await expectListed(page, shown);
  await openHome(page);
  await months.getByRole('table').locator('tbody tr').last().getByRole('link').click();
  await expectListed(page, shown);
});
