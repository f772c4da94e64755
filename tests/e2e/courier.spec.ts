import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn, axeFindings, settle, useSession, type TestLocale } from './support/axe';
import { E2E_COURIER_SECRET } from './support/courierSecret';

/**
 * Courier tracking in the browser: an event the courier posts to the signed webhook appears on the
 * open order view (the live stream refreshes it) and on the public tracking page, in time order,
 * with the courier's tracking link from its template; the template section of the company
 * settings, the order view and the public page pass axe in English and Arabic on a 390 px phone.
 */
const PHONE = { width: 390, height: 844 };
// Both tests save the one list of templates: one after the other, or one would read the other's.
test.describe.configure({ mode: 'serial' });
const json = (token: string) => ({ Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' });

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers: json(token), data });
  if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signed as a courier signs (hex HMAC-SHA256 of `timestamp.raw body`), posted as it posts. */
async function courierEvent(request: APIRequestContext, event: { waybill: string; status: string; at: string; location: string }) {
  const raw = JSON.stringify(event);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', E2E_COURIER_SECRET).update(`${timestamp}.${raw}`).digest('hex');
  const answer = await request.post('api/webhooks/courier', {
    headers: { 'content-type': 'application/json', 'x-portal-timestamp': timestamp, 'x-portal-signature': signature },
    data: raw,
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function auditOnPhone(page: Page, locale: TestLocale, screen: string) {
  await settle(page);
  expect(await axeFindings(page, `${screen} (${locale})`)).toEqual([]);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('a courier event appears on the open order view and on the public tracking page, in time order, with the courier link', async ({ page, request }) => {
  const admin = await apiSignIn(request, 'admin@example.com');
  const stamp = Date.now().toString(36).toUpperCase();
  const waybill = `TCG${stamp}`;
  const client = await post<{ data: { id: number } }>(request, admin, 'api/clients/save', { type: 'stockist', name: `Courier client ${stamp}`, email: `courier-${stamp.toLowerCase()}@example.com` });
  const product = await post<{ data: { id: number } }>(request, admin, 'api/products/save', { sku: `COURIER-${stamp}`, name: `Courier product ${stamp}`, price: 12_000 });
  const order = await post<{ data: { id: number; token: string } }>(request, admin, 'api/orders/create', { client_id: client.data.id, lines: [{ product_id: product.data.id, quantity: 1 }] });
  await post(request, admin, 'api/orders/save_courier', { id: order.data.id, courier_name: 'The Courier Guy', tracking_number: waybill });
  await post(request, admin, 'api/courier/savetemplates', { templates: [{ courier: 'The Courier Guy', url_template: 'https://portal.thecourierguy.example/track?waybill={waybill}' }] });

  await page.setViewportSize(PHONE);
  await useSession(page, 'en', admin);
  await page.goto(`/orders/view/order/${order.data.id}`);
  const tracking = page.getByTestId('courier-tracking');
  await expect(tracking).toContainText('No news from the courier yet.');
  await expect(tracking.getByTestId('courier-tracking-link')).toHaveAttribute('href', `https://portal.thecourierguy.example/track?waybill=${waybill}`);

  // Posted while the view is open, the later one first: the view refreshes and sorts them by time.
  await courierEvent(request, { waybill, status: 'Out for delivery', at: '2026-11-26T07:45:00Z', location: 'Cape Town depot' });
  await courierEvent(request, { waybill, status: 'Collected', at: '2026-11-25T14:10:00+02:00', location: 'Johannesburg' });
  const events = tracking.getByTestId('courier-event');
  await expect(events).toHaveCount(2);
  await expect(events.nth(0)).toContainText('Collected');
  await expect(events.nth(0)).toContainText('Johannesburg');
  await expect(events.nth(1)).toContainText('Out for delivery');
  await auditOnPhone(page, 'en', 'order view: courier tracking');

  await page.goto(`/ext/track/order/${order.data.token}`);
  const onPage = page.getByTestId('courier-tracking');
  await expect(onPage.getByTestId('courier-event')).toHaveCount(2);
  await expect(onPage.getByTestId('courier-event').nth(0)).toContainText('Collected');
  await expect(onPage.getByTestId('courier-event').nth(1)).toContainText('Cape Town depot');
  await expect(onPage.getByTestId('courier-tracking-link')).toHaveAttribute('href', `https://portal.thecourierguy.example/track?waybill=${waybill}`);
  await auditOnPhone(page, 'en', 'public tracking page: courier tracking');

  await useSession(page, 'ar', admin);
  await page.goto(`/orders/view/order/${order.data.id}`);
  await expect(page.getByTestId('courier-event')).toHaveCount(2);
  await auditOnPhone(page, 'ar', 'order view: courier tracking');
});

test('the couriers’ tracking links are edited on the company settings, a template without {waybill} refused beside its field', async ({ page, request }) => {
  const admin = await apiSignIn(request, 'admin@example.com');
  await page.setViewportSize(PHONE);
  for (const locale of ['en', 'ar'] as const) {
    await useSession(page, locale, admin);
    await page.goto('/billing/settings');
    await expect(page.getByTestId('courier-templates-card')).toBeVisible();
    await auditOnPhone(page, locale, 'company settings: courier tracking links');
  }
  await useSession(page, 'en', admin);
  await page.goto('/billing/settings');
  const card = page.getByTestId('courier-templates-card');
  await card.getByRole('button', { name: 'Add a courier' }).click();
  const last = card.locator('input[name$=".courier"]').last();
  await last.fill('Fastway');
  const address = card.locator('input[name$=".url_template"]').last();
  await address.fill('https://fastway.example/track');
  await card.getByRole('button', { name: 'Save tracking links' }).click();
  await expect(card.getByText(/url_template must contain \{waybill\}/)).toBeVisible();
  await address.fill('https://fastway.example/track/{waybill}');
  await card.getByRole('button', { name: 'Save tracking links' }).click();
  await expect(page.getByText('Tracking links saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('courier-templates-card').locator('input[value="https://fastway.example/track/{waybill}"]')).toHaveCount(1);
});
