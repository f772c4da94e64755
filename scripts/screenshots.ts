/**
 * Screenshots of the screens in each role and in Arabic, for a person to look at:
 *   node --import tsx scripts/screenshots.ts [baseUrl] [outDir]
 * Expects a running portal with demo data (npm start).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { networkQuiet } from '../tests/e2e/support/quiet';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = process.argv[3] ?? 'screenshots';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function shot(page: Page, name: string) {
  // Not networkidle: the live-event stream of a signed-in screen never ends.
  await networkQuiet(page);
  await page.locator('h1').first().waitFor({ timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
  console.log(`${name}.png  ${page.url()}`);
}

async function fresh(locale = 'en', width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/404`);
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
  return page;
}

async function signIn(page: Page, email: string) {
  await page.goto(`${base}/login`);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('demo-pass-1234');
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

for (const locale of ['en', 'ar']) {
  const page = await fresh(locale);
  for (const path of ['/login', '/forgot-password', '/reset-password/abc', '/404', '/ext/track/order/abc', '/register', '/complete/membership/abc', '/unsubscribe/abc', '/privacy']) {
    await page.goto(base + path);
    await shot(page, `public-${locale}${path.replace(/\//g, '_')}`);
  }
  await page.context().close();
}

for (const role of ['admin', 'production', 'reseller', 'stockist', 'individual']) {
  for (const locale of role === 'admin' ? ['en', 'ar', 'zh'] : ['en', 'ar']) {
    const page = await fresh(locale);
    await signIn(page, `${role}@example.com`);
    await shot(page, `${role}-${locale}-start`);
    await page.goto(`${base}/`);
    await shot(page, `${role}-${locale}-home`);
    await page.context().close();
  }
}

// The domain screens in each role, in English and Arabic.
const screensByRole: Record<string, string[]> = {
  admin: ['/', '/members', '/members/create', '/clients/view/1', '/users', '/products', '/products/create', '/properties', '/product-groups', '/product-groups/1', '/orders', '/orders/view/order/1', '/create-order', '/reps', '/reps/view/3', '/reps/view/client/1', '/marketing', '/marketing/create', '/marketing/1', `/members?filter=${encodeURIComponent('{"q":"no such member"}')}`,
    '/member-requests', '/member-requests?tab=awaiting', '/member-requests?tab=questions', '/sales-leads', '/sales-leads/create', '/audit-log', `/audit-log?filter=${encodeURIComponent('{"user":"no such user"}')}`,
    '/email-templates', '/email-templates/create', '/email-templates/1', '/mailing-lists', '/mailing-lists/1', '/mail-queue',
    '/automatic-mail', '/erasure-requests', '/mailing-sends/1/report', '/billing/settings', '/webhooks', '/profile',
    `/sales-leads?filter=${encodeURIComponent('{"q":"no such lead"}')}`],
  production: ['/', '/orders', '/orders/view/order/2', '/products'],
  reseller: ['/', '/reps/view/3', '/reps/view/client/1', '/create-order/1', '/products'],
  stockist: ['/', '/clients/view/1', '/create-order', '/products', '/orders/view/order/999999', '/profile'],
  individual: ['/clients/view/2', '/products'],
};
for (const [role, paths] of Object.entries(screensByRole)) {
  for (const locale of ['en', 'ar']) {
    const page = await fresh(locale);
    await signIn(page, `${role}@example.com`);
    for (const path of paths) {
      await page.goto(base + path);
      await shot(page, `screen-${role}-${locale}${path.replace(/\//g, '_')}`);
    }
    await page.context().close();
  }
}
const tracking = await fresh('en');
await signIn(tracking, 'stockist@example.com');
const token = await tracking.evaluate(async () => {
  const answer = await fetch('/api/orders/all?perPage=1', { headers: { authorization: `Bearer ${localStorage.getItem('x_token')}` } }).then((r) => r.json());
  const order = await fetch(`/api/orders/order?id=${answer.data[0].id}`, { headers: { authorization: `Bearer ${localStorage.getItem('x_token')}` } }).then((r) => r.json());
  return order.data.token as string;
});
for (const locale of ['en', 'ar']) {
  await tracking.evaluate((l) => localStorage.setItem('locale', l), locale);
  await tracking.goto(`${base}/ext/track/order/${token}`);
  await shot(tracking, `public-${locale}-tracking-found`);
}
await tracking.context().close();

// Error and confirmation states of the public forms.
for (const locale of ['en', 'ar']) {
  const page = await fresh(locale);
  await page.goto(`${base}/login`);
  await page.locator('input[name=email]').fill('admin@example.com');
  await page.locator('input[name=password]').fill('wrong-password');
  await page.locator('button[type=submit]').click();
  await page.getByRole('alert').first().waitFor();
  await shot(page, `state-${locale}-login-wrong-password`);
  await page.goto(`${base}/forgot-password`);
  await page.locator('input[name=email]').fill('nobody@example.com');
  await page.locator('button[type=submit]').click();
  await page.getByRole('status').or(page.getByRole('alert')).first().waitFor();
  await shot(page, `state-${locale}-forgot-sent`);
  await page.goto(`${base}/reset-password/not-a-real-token`);
  await page.locator('input[type=password]').nth(0).fill('a-new-password-123');
  await page.locator('input[type=password]').nth(1).fill('a-new-password-123');
  await page.locator('button[type=submit]').click();
  await page.getByRole('alert').first().waitFor();
  await shot(page, `state-${locale}-reset-invalid`);
  await page.context().close();
}

// CRM states: the leads board, a registration refused field by field, a send's progress.
for (const locale of ['en', 'ar']) {
  const page = await fresh(locale);
  await page.goto(`${base}/register`);
  await page.locator('button[type=submit]').click();
  await shot(page, `state-${locale}-register-empty-submit`);
  await signIn(page, 'admin@example.com');
  await page.goto(`${base}/sales-leads`);
  await page.locator('button[value=board]').click();
  await shot(page, `state-${locale}-sales-leads-board`);
  await page.goto(`${base}/mailing-lists/1`);
  await shot(page, `state-${locale}-mailing-list-send-panel`);
  await page.context().close();
}

const mobile = await fresh('en', 390);
await mobile.goto(`${base}/login`);
await shot(mobile, 'mobile-login');
await signIn(mobile, 'admin@example.com');
await shot(mobile, 'mobile-admin-start');
await mobile.goto(`${base}/profile`);
await shot(mobile, 'mobile-admin-profile');

await browser.close();
