import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { RoleName } from '../../src/routes';
import { apiGetAs, apiSignIn, axeFindings, firstId, headingFindings, message, messageKeyFindings, settle, useSession, type Finding, type TestLocale } from './support/axe';
import { TWO_FACTOR_PASSWORD, newEnrolledUser } from './support/twoFactor';
import { openHome } from './support';
import { openPath } from './support/navigate';
import { orderToDeliver, postAs } from './support/deliveries';

/**
 * Axe-core (WCAG 2.0/2.1 A and AA, no rule disabled) finds no serious or critical
 * violation on any screen — every route of src/routes.ts and src/resources for every role that
 * can open it, and every public page — in English and in Arabic; and every screen has exactly
 * one level-one heading. One sign-in per role and language; the findings of all screens are
 * listed together on failure.
 */

interface Screen {
  name: string;
  path: string;
  /** What to do after the screen has loaded (open a dialog, switch a view) before the audit. */
  then?: (page: Page, locale: TestLocale) => Promise<void>;
}

const emails: Record<RoleName, string> = {
  admin: 'admin@example.com',
  production: 'production@example.com',
  reseller: 'reseller@example.com',
  stockist: 'stockist@example.com',
  individual: 'individual@example.com',
};

interface CoreAnswer {
  data: { user: { id: number; client: { id: number } | null } };
}

const clickButton = (name: string) => async (page: Page, locale: TestLocale) => {
  await page.getByRole('button', { name: message(locale, name) }).first().click();
  await page.getByRole('dialog').waitFor();
  await settle(page);
};

/**
 * A webhook endpoint to open, made once per portal: switched off, so no event is ever
 * sent to its address (a name of the documentation domain, which no delivery could reach anyway).
 */
async function webhookEndpoint(request: APIRequestContext, token: string): Promise<number> {
  const headers = { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' };
  const list = await apiGetAs<{ data: { id: number }[] }>(request, token, 'api/webhooks/endpoints?page=1&perPage=1');
  if (list.data[0]) return list.data[0].id;
  const made = await request.post('api/webhooks/saveendpoint', { headers, data: { url: 'https://hooks.example.com/a11y', events: ['order.created'], active: false } });
  if (!made.ok()) throw new Error(`saveendpoint failed: ${made.status()}`);
  return ((await made.json()) as { data: { id: number } }).data.id;
}

/**
 * A bank statement with a line to match, made once per portal: an unknown payer's credit of an
 * amount no invoice owes, so the reconciliation screen has a line with its buttons, and the hand
 * match its dialog (opened, not sent).
 */
async function bankStatement(request: APIRequestContext, token: string): Promise<number> {
  const list = await apiGetAs<{ data: { id: number; totals: { unmatched: number } }[] }>(request, token, 'api/bank/statements?page=1&perPage=50');
  const found = list.data.find((statement) => statement.totals.unmatched > 0);
  if (found) return found.id;
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const buffer = Buffer.from(`Date,Description,Amount,Balance\n${day},AUDIT PAYER,1.01,1001.01\n${day},BANK CHARGE,-0.50,1000.51\n`);
  const made = await request.post('api/bank/import', {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
    multipart: { file: { name: 'audit.csv', mimeType: 'text/csv', buffer } },
  });
  if (!made.ok()) throw new Error(`bank/import failed: ${made.status()}`);
  return ((await made.json()) as { data: { id: number } }).data.id;
}

/** Fills the new endpoint's form (switched off) and saves: the dialog with the secret, shown once, opens. */
const createWebhook = async (page: Page, locale: TestLocale) => {
  await page.getByLabel(message(locale, 'resources.webhooks.fields.url')).fill('https://hooks.example.com/a11y-secret');
  await page.getByLabel(message(locale, 'webhooks.events.order_created')).check();
  await page.getByLabel(message(locale, 'resources.webhooks.fields.active')).uncheck();
  await page.getByRole('button', { name: message(locale, 'ra.action.save') }).click();
  await page.getByTestId('webhook-secret').waitFor();
  await settle(page);
};

/**
 * The notice of an edit form whose record someone else saved: the product saved again
 * as it is, from outside the page (its version moves, nothing else), and the notice waited for.
 */
const savedElsewhere = (request: APIRequestContext, token: string, id: number) => async (page: Page) => {
  const headers = { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' };
  const { data } = await apiGetAs<{ data: Record<string, unknown> }>(request, token, `api/products/product?id=${id}`);
  const { sku, name, description, price, active, display_material, image_url, vat_class, property_value_ids } = data;
  const saved = await request.post('api/products/save', { headers, data: { id, sku, name, description, price, active, display_material, image_url, vat_class, property_value_ids } });
  if (!saved.ok()) throw new Error(`products/save failed: ${saved.status()}`);
  await page.getByTestId('saved-elsewhere').waitFor();
  await settle(page);
};

/** Opens the first kind's wording and renders its preview; nothing is saved. */
const editAutomaticMail = async (page: Page, locale: TestLocale) => {
  await page.getByRole('button', { name: message(locale, 'automail.edit') }).first().click();
  await page.getByRole('button', { name: message(locale, 'automail.preview') }).click();
  await page.getByTestId('automail-preview-subject').waitFor();
  await settle(page);
};

/** Every signed-in user's own account page: two-factor and sessions; a member's notices too. */
const profileScreen: Screen = { name: 'my profile', path: '/profile' };

async function adminScreens(request: APIRequestContext, token: string): Promise<Screen[]> {
  const [member, product, property, group, user, rep, order, banner, lead, template, list] = await Promise.all(
    [
      'api/clients/all',
      'api/products/all',
      'api/products/properties',
      'api/products/groups',
      'api/admin/companyusers',
      'api/admin/repusers',
      'api/orders/all',
      'api/crm/banners',
      'api/crm/salesleads',
      'api/crm/emailtemplates',
      'api/crm/mailinglists',
    ].map((path) => firstId(request, token, path)),
  );
  const invoice = await firstId(request, token, 'api/billing/invoices?status=open');
  const send = await firstId(request, token, 'api/crm/mailingsends');
  const webhook = await webhookEndpoint(request, token);
  const statement = await bankStatement(request, token);
  const repView = await apiGetAs<{ data: { rep_clients: { data: { id: number }[] } } }>(request, token, `api/reps/rep?rep_user_id=${rep}`);
  const repClient = repView.data.rep_clients.data[0]?.id ?? member;
  // The audit screen is audited with a row opened: a write of our own makes sure there is one. It
  // saves the billing settings as they are (an audited write that adds no row to any list the
  // other browser tests page through, as a new mailing list per part did).
  const write = await request.post('api/billing/savesettings', {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
    data: {},
  });
  if (!write.ok()) throw new Error(`savesettings failed: ${write.status()}`);
  return [
    { name: 'dashboard', path: '/' },
    { name: 'members', path: '/members' },
    { name: 'member create', path: '/members/create' },
    { name: 'member edit', path: `/members/${member}` },
    { name: 'client page', path: `/clients/view/${member}` },
    { name: 'member requests', path: '/member-requests' },
    { name: 'member requests: add member', path: '/member-requests', then: clickButton('membership.add_member.action') },
    { name: 'member requests: import', path: '/member-requests', then: clickButton('membership.import.action') },
    { name: 'member requests: awaiting completion', path: '/member-requests?tab=awaiting' },
    { name: 'member requests: questions', path: '/member-requests?tab=questions' },
    { name: 'sales leads', path: '/sales-leads' },
    {
      name: 'sales leads board',
      path: '/sales-leads',
      then: async (page) => {
        await page.locator('button[value="board"]').click();
        await settle(page);
      },
    },
    { name: 'sales lead create', path: '/sales-leads/create' },
    { name: 'sales lead edit', path: `/sales-leads/${lead}` },
    { name: 'orders', path: '/orders' },
    { name: 'order', path: `/orders/view/order/${order}` },
    { name: 'create order', path: '/create-order' },
    { name: 'create order for a client', path: `/create-order/${member}` },
    { name: 'products', path: '/products' },
    { name: 'product create', path: '/products/create' },
    { name: 'product edit', path: `/products/${product}` },
    { name: 'product edit: saved by someone else', path: `/products/${product}`, then: savedElsewhere(request, token, product) },
    { name: 'properties', path: '/properties' },
    { name: 'property create', path: '/properties/create' },
    { name: 'property edit', path: `/properties/${property}` },
    { name: 'product groups', path: '/product-groups' },
    { name: 'group pricing', path: `/product-groups/${group}` },
    { name: 'reps', path: '/reps' },
    { name: 'rep', path: `/reps/view/${rep}` },
    { name: 'rep: link clients', path: `/reps/view/${rep}`, then: clickButton('reps.links.open') },
    { name: 'rep client', path: `/reps/view/client/${repClient}` },
    { name: 'users', path: '/users' },
    { name: 'user create', path: '/users/create' },
    { name: 'user edit', path: `/users/${user}` },
    { name: 'user edit: reset two-factor', path: `/users/${user}`, then: clickButton('security.admin.reset') },
    { name: 'user edit: end sessions', path: `/users/${user}`, then: clickButton('security.admin.end_sessions') },
    { name: 'marketing', path: '/marketing' },
    { name: 'banner create', path: '/marketing/create' },
    { name: 'banner edit', path: `/marketing/${banner}` },
    { name: 'email templates', path: '/email-templates' },
    { name: 'email template create', path: '/email-templates/create' },
    { name: 'email template edit', path: `/email-templates/${template}` },
    { name: 'mailing lists', path: '/mailing-lists' },
    { name: 'mailing list and send', path: `/mailing-lists/${list}` },
    {
      // The send panel with a later time, and its confirmation (nothing is sent: the dialog is audited, not confirmed).
      name: 'mailing list: schedule a send',
      path: `/mailing-lists/${list}`,
      then: async (page, locale) => {
        await page.getByRole('combobox', { name: message(locale, 'mailing.send.template') }).click();
        await page.getByRole('option').first().click();
        await page.getByLabel(message(locale, 'mailing.send.send_later')).fill('2099-12-01T09:30');
        await page.getByRole('button', { name: message(locale, 'mailing.send.schedule') }).click();
        await page.getByRole('dialog').waitFor();
        await settle(page);
      },
    },
    { name: 'mail queue', path: '/mail-queue' },
    // A send's engagement report (the demo send's opens and clicks: figures, chart, links).
    { name: 'send report', path: `/mailing-sends/${send}/report` },
    { name: 'invoices', path: '/invoices' },
    { name: 'invoice', path: `/invoices/${invoice}` },
    { name: 'invoice: credit note', path: `/invoices/${invoice}`, then: clickButton('billing.credit_note.action') },
    { name: 'invoice: debit note', path: `/invoices/${invoice}`, then: clickButton('billing.debit_note.action') },
    { name: 'payments', path: '/payments' },
    { name: 'payments: record a payment', path: '/payments', then: clickButton('billing.payments.record') },
    { name: 'debtors', path: '/debtors' },
    { name: 'statement', path: `/clients/view/${member}/statement` },
    { name: 'billing settings', path: '/billing/settings' },
    // Bank statements: the import and the list, a statement's reconciliation with its hand match, the rules.
    { name: 'bank statements', path: '/bank-statements' },
    { name: 'bank reconciliation', path: `/bank-statements/${statement}` },
    { name: 'bank reconciliation: match by hand', path: `/bank-statements/${statement}`, then: clickButton('banking.reconcile.match') },
    { name: 'bank rules', path: '/bank-rules' },
    { name: 'bank rules: add a rule', path: '/bank-rules', then: clickButton('banking.rules.add') },
    // The notifications PayFast (here the test gateway) sent, and what was done with each.
    { name: 'PayFast notifications', path: '/billing/payfast-notifications' },
    // Sales analytics: three charts, each with its table, drawn from the invoice register.
    { name: 'sales analytics', path: '/sales-analytics' },
    // Commissions: a rep's plans, target and statement; closing the month's confirmation (not confirmed).
    { name: 'commissions', path: '/commissions' },
    { name: 'commissions: close the month', path: '/commissions', then: clickButton('commissions.close_month') },
    // Stock: the levels with the adjust / count dialog (opened, not sent), and the movements.
    { name: 'stock', path: '/stock' },
    { name: 'stock: adjust / count', path: '/stock', then: clickButton('stock.adjust.open') },
    { name: 'stock movements', path: '/stock-movements' },
    { name: 'production board', path: '/production' },
    profileScreen,
    {
      name: 'my profile: enrolment',
      path: '/profile',
      then: async (page, locale) => {
        await page.getByRole('button', { name: message(locale, 'security.two_factor.set_up') }).click();
        await page.getByTestId('two-factor-qr').waitFor();
        await settle(page);
      },
    },
    { name: 'client page: billing terms', path: `/clients/view/${member}`, then: clickButton('billing.account.edit_terms') },
    { name: 'webhooks', path: '/webhooks' },
    { name: 'webhook create', path: '/webhooks/create' },
    { name: 'webhook create: the secret shown once', path: '/webhooks/create', then: createWebhook },
    { name: 'webhook edit and delivery log', path: `/webhooks/${webhook}` },
    { name: 'webhook edit: new secret', path: `/webhooks/${webhook}`, then: clickButton('webhooks.rotate') },
    // POPIA: the erasure requests, and the member page's export and request (its confirmation opened, not confirmed).
    { name: 'erasure requests', path: '/erasure-requests' },
    { name: 'client page: record an erasure request', path: `/clients/view/${member}`, then: clickButton('privacy.erasure.record') },
    // Automatic mail, the switches and a kind's wording with its preview.
    { name: 'automatic mail', path: '/automatic-mail' },
    { name: 'automatic mail: wording and preview', path: '/automatic-mail', then: editAutomaticMail },
    { name: 'audit log', path: '/audit-log' },
    {
      name: 'audit log, a change opened',
      path: '/audit-log',
      then: async (page) => {
        await page.locator('tbody tr').first().click();
        await page.getByTestId('audit-changes').first().waitFor();
      },
    },
  ];
}

/**
 * An order that has left in part, made for the audit: two units gone in two deliveries (so two
 * invoices) waiting for their proofs, one still reserved (so "New delivery" opens with a line) and
 * one backordered (said beside that line).
 */
async function partlyDelivered(request: APIRequestContext): Promise<{ order: number; delivery: number }> {
  const admin = await apiSignIn(request, emails.admin);
  const order = await orderToDeliver(request, admin, { quantity: 4, stock: 3 });
  const send = (waybill: string) =>
    postAs<{ id: number }>(request, admin, 'api/deliveries/create', { order_id: order.id, lines: [{ order_line_id: order.lines[0].id, quantity: 1 }], courier: 'Dawn Wing', waybill });
  const delivery = await send('A11Y-1');
  await send('A11Y-2');
  return { order: order.id, delivery: delivery.id };
}

async function productionScreens(request: APIRequestContext, token: string): Promise<Screen[]> {
  const order = await firstId(request, token, 'api/orders/all');
  const sent = await partlyDelivered(request);
  return [
    { name: 'dashboard', path: '/' },
    { name: 'orders', path: '/orders' },
    { name: 'order', path: `/orders/view/order/${order}` },
    // Deliveries: an order's deliveries with the New delivery dialog (opened, not sent), and a delivery's proof on the phone.
    { name: 'order with its deliveries', path: `/orders/view/order/${sent.order}` },
    { name: 'order: new delivery', path: `/orders/view/order/${sent.order}`, then: clickButton('deliveries.create.open') },
    { name: 'proof of delivery', path: `/deliveries/${sent.delivery}/proof` },
    { name: 'products', path: '/products' },
    { name: 'stock', path: '/stock' },
    { name: 'stock: adjust / count', path: '/stock', then: clickButton('stock.adjust.open') },
    { name: 'stock movements', path: '/stock-movements' },
    { name: 'production board', path: '/production' },
    profileScreen,
  ];
}

async function resellerScreens(request: APIRequestContext, token: string): Promise<Screen[]> {
  const core = await apiGetAs<CoreAnswer>(request, token, 'api/auth/core');
  const rep = core.data.user.id;
  const view = await apiGetAs<{ data: { rep_clients: { data: { id: number }[] } } }>(request, token, `api/reps/rep?rep_user_id=${rep}`);
  const client = view.data.rep_clients.data[0]?.id;
  if (!client) throw new Error('the demo rep has no client');
  return [
    { name: 'dashboard', path: '/' },
    { name: 'own rep page', path: `/reps/view/${rep}` },
    { name: 'own rep page: new client', path: `/reps/view/${rep}`, then: clickButton('reps.clients.create') },
    { name: 'rep client', path: `/reps/view/client/${client}` },
    { name: 'debtors of its clients', path: '/debtors' },
    { name: 'own commissions', path: '/commissions' },
    { name: 'statement of a client', path: `/clients/view/${client}/statement` },
    { name: 'products', path: '/products' },
    profileScreen,
  ];
}

async function memberScreens(request: APIRequestContext, token: string): Promise<Screen[]> {
  const core = await apiGetAs<CoreAnswer>(request, token, 'api/auth/core');
  const client = core.data.user.client?.id;
  if (!client) throw new Error('the demo member has no client');
  const orders = await apiGetAs<{ data: { id: number }[] }>(request, token, 'api/orders/all?page=1&perPage=1');
  // An open invoice of the member's: its "Pay now", and the test gateway's page of a checkout of it (asked for, never paid).
  const open = await apiGetAs<{ data: { id: number }[] }>(request, token, 'api/billing/invoices?status=open&page=1&perPage=1');
  const payOnline: Screen[] = [];
  if (open.data[0]) {
    const made = await request.post('api/billing/checkout', { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' }, data: { invoice_ids: [open.data[0].id] } });
    if (!made.ok()) throw new Error(`checkout failed: ${made.status()}`);
    const checkout = ((await made.json()) as { data: { id: number } }).data.id;
    payOnline.push({ name: 'own open invoice', path: `/invoices/${open.data[0].id}` }, { name: 'test payment gateway', path: `/billing/test-gateway/${checkout}` });
  }
  return [
    ...payOnline,
    { name: 'dashboard', path: '/' },
    { name: 'own client page', path: `/clients/view/${client}` },
    { name: 'own client page: upload proof of payment', path: `/clients/view/${client}`, then: clickButton('billing.proof.title') },
    { name: 'own statement', path: `/clients/view/${client}/statement` },
    { name: 'create order', path: '/create-order' },
    { name: 'products', path: '/products' },
    profileScreen,
    // POPIA: the member's data and erasure section on its profile, the request's confirmation opened (not confirmed).
    { name: 'my profile: ask for erasure', path: '/profile', then: clickButton('privacy.erasure.request') },
    ...(orders.data[0]
      ? [
          { name: 'own order', path: `/client/view/order/${orders.data[0].id}` },
          // "Order again": the order screen with a past order's lines and what they say.
          { name: 'order again', path: `/create-order?from_order=${orders.data[0].id}` },
        ]
      : []),
  ];
}

// Parts of about eleven screens each: with four, one part met its three-minute limit on CI while the
// API suites shared the two cores; the bank and commission screens then made parts of thirteen that
// took 2.6 of their 3 minutes on a shared machine.
const ADMIN_PARTS = 8;
// A member's screens in two parts since paying online added its invoice and the test gateway's page.
const MEMBER_PARTS = 2;

const screensOf: Record<RoleName, (request: APIRequestContext, token: string) => Promise<Screen[]>> = {
  admin: adminScreens,
  production: productionScreens,
  reseller: resellerScreens,
  stockist: memberScreens,
  individual: memberScreens,
};

async function publicScreens(request: APIRequestContext): Promise<Screen[]> {
  const admin = await apiSignIn(request, emails.admin);
  const orderId = await firstId(request, admin, 'api/orders/all');
  const order = await apiGetAs<{ data: { token: string } }>(request, admin, `api/orders/order?id=${orderId}`);
  const forged = 'A'.repeat(43);
  const enrolled = await newEnrolledUser(request, 'axe');
  const secondStep = async (page: Page, locale: TestLocale) => {
    await page.getByLabel(message(locale, 'app.auth.email')).fill(enrolled);
    await page.getByLabel(message(locale, 'app.auth.password')).fill(TWO_FACTOR_PASSWORD);
    await page.getByRole('button', { name: message(locale, 'app.auth.sign_in') }).click();
    await page.getByLabel(message(locale, 'app.auth.code'), { exact: true }).waitFor();
  };
  return [
    { name: 'sign-in', path: '/login' },
    { name: 'sign-in, second step', path: '/login', then: secondStep },
    {
      name: 'sign-in, recovery code',
      path: '/login',
      then: async (page, locale) => {
        await secondStep(page, locale);
        await page.getByRole('button', { name: message(locale, 'app.auth.use_recovery_code') }).click();
        await page.getByLabel(message(locale, 'app.auth.recovery_code'), { exact: true }).waitFor();
      },
    },
    { name: 'register', path: '/register' },
    { name: 'forgot password', path: '/forgot-password' },
    { name: 'reset password link', path: `/reset-password/${forged}` },
    { name: 'membership completion, forged link', path: `/complete/membership/${forged}` },
    { name: 'order tracking', path: `/ext/track/order/${order.data.token}` },
    { name: 'order tracking, unknown link', path: `/ext/track/order/${forged}` },
    { name: 'unsubscribe, forged link', path: `/unsubscribe/${forged}` },
    { name: 'not found', path: '/404' },
    // POPIA: what is processed, the rights, the information officer.
    { name: 'privacy', path: '/privacy' },
  ];
}

async function auditAll(page: Page, locale: TestLocale, screens: Screen[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const screen of screens) {
    if (screen.path === '/') await openHome(page);
    else await openPath(page, screen.path);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await settle(page);
    await screen.then?.(page, locale);
    const name = `${screen.name} (${screen.path}, ${locale})`;
    expect(new URL(page.url()).pathname, `${name} stayed on its path`).toBe(screen.path.split('?')[0]);
    findings.push(...(await axeFindings(page, name)), ...(await headingFindings(page, name)), ...(await messageKeyFindings(page, name)));
  }
  return findings;
}

const report = (findings: Finding[]) => findings.map((finding) => `${finding.screen}: ${finding.text}`).join('\n');

test('the audit reports a violation, and refuses a page with a frame it may not reach into', async ({ page }) => {
  // What every audit below relies on (support/axe.ts): a button without a name (button-name,
  // critical) is reported; a frame (which axe.run does not always audit) fails the audit instead
  // of passing unseen.
  await page.goto('/privacy');
  await page.locator('h1').first().waitFor();
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.type = 'button';
    document.querySelector('h1')!.after(button);
  });
  const findings = await axeFindings(page, 'self-test');
  expect(findings.map((finding) => finding.text.split(' ')[0])).toEqual(['button-name']);
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.title = 'Inner';
    frame.srcdoc = '<html lang="en"><head><title>Inner</title></head><body><main><input type="text"></main></body></html>';
    document.querySelector('h1')!.after(frame);
  });
  await expect(axeFindings(page, 'self-test with a frame')).rejects.toThrow(/frame/);
});

for (const locale of ['en', 'ar'] as const) {
  test.describe(`accessibility (${locale})`, () => {
    test(`public pages (${locale})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await useSession(page, locale);
      const findings = await auditAll(page, locale, await publicScreens(request));
      expect(findings, report(findings)).toEqual([]);
    });

    test(`POPIA screens at 390 px (${locale})`, async ({ page, request }) => {
      // The privacy page, the registration's consent, the member's Marketing mail, the
      // admin's consent history (member and lead) and the information officer, on a phone: no
      // finding, and the new part (its test id) inside the screen. One page; each role's session
      // replaces the last.
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      const admin = await apiSignIn(request, emails.admin);
      const [member, lead] = await Promise.all(['api/clients/all', 'api/crm/salesleads'].map((path) => firstId(request, admin, path)));
      const findings: Finding[] = [];
      const wide: string[] = [];
      const audit = async (screens: (Screen & { part: string })[]) => {
        for (const screen of screens) {
          findings.push(...(await auditAll(page, locale, [screen])));
          const part = page.locator(screen.part).first();
          await part.waitFor();
          const box = (await part.boundingBox())!;
          if (box.x < 0 || box.x + box.width > 390) wide.push(`${screen.path} ${screen.part}: ${box.x}–${box.x + box.width} px`);
        }
      };
      await useSession(page, locale);
      await audit([
        { name: 'privacy, phone', path: '/privacy', part: '[data-testid="information-officer"]' },
        { name: 'register, phone', path: '/register', part: 'input[name="marketing_consent"] >> xpath=ancestor::fieldset' },
      ]);
      await useSession(page, locale, await apiSignIn(request, emails.stockist));
      await audit([{ name: 'my profile: marketing mail, phone', path: '/profile', part: '[data-testid="marketing-mail"]' }]);
      await useSession(page, locale, admin);
      await audit([
        { name: 'client page: consent history, phone', path: `/clients/view/${member}`, part: '[data-testid="consent-history"]' },
        { name: 'sales lead edit: consent history, phone', path: `/sales-leads/${lead}`, part: '[data-testid="consent-history"]' },
        { name: 'billing settings: information officer, phone', path: '/billing/settings', part: '[data-testid="information-officer-card"]' },
      ]);
      expect(findings, report(findings)).toEqual([]);
      expect(wide).toEqual([]);
    });

    test(`the loading screen, while the API has not answered (${locale})`, async ({ page, request }) => {
      // What a user on a slow connection reads first: react-admin's loading screen, after its
      // first second. Every API call is held until the audit is done.
      const token = await apiSignIn(request, emails.admin);
      await useSession(page, locale, token);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/**', async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      });
      await page.goto('/orders');
      await page.getByText(message(locale, 'ra.message.loading'), { exact: true }).waitFor();
      const findings = await axeFindings(page, `loading screen (/orders, ${locale})`);
      release();
      expect(findings, report(findings)).toEqual([]);
    });

    test(`admin screens with the menu at the side (${locale})`, async ({ page, request }) => {
      // The other layout: a dark sidebar instead of the menu row, on a list, a form and a custom page.
      const token = await apiSignIn(request, emails.admin);
      await useSession(page, locale, token, 'vertical');
      const member = await firstId(request, token, 'api/clients/all');
      const screens: Screen[] = [
        { name: 'members, sidebar', path: '/members' },
        { name: 'product create, sidebar', path: '/products/create' },
        { name: 'client page, sidebar', path: `/clients/view/${member}` },
      ];
      const findings = await auditAll(page, locale, screens);
      await expect(page.locator('.RaSidebar-fixed')).toBeVisible();
      expect(findings, report(findings)).toEqual([]);
    });

    for (const role of Object.keys(emails) as RoleName[]) {
      // The admin's fifty-odd screens in parts: each part a test of its own, so the two workers
      // share them and a slow machine meets one part's time limit rather than one long test's.
      const parts = role === 'admin' ? ADMIN_PARTS : role === 'stockist' || role === 'individual' ? MEMBER_PARTS : 1;
      for (let part = 0; part < parts; part++) {
        test(`${role} screens${parts > 1 ? `, part ${part + 1} of ${parts}` : ''} (${locale})`, async ({ page, request }) => {
          test.setTimeout(180_000);
          const token = await apiSignIn(request, emails[role]);
          await useSession(page, locale, token);
          const all = await screensOf[role](request, token);
          const size = Math.ceil(all.length / parts);
          const findings = await auditAll(page, locale, all.slice(part * size, (part + 1) * size));
          expect(findings, report(findings)).toEqual([]);
        });
      }
    }
  });
}
