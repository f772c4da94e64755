import { type APIRequestContext, expect, test } from '@playwright/test';
import { verifyWebhookSignature } from '../../server/modules/webhooks/signature';
import { type WebhookReceiver, startWebhookReceiver } from '../api/support/webhookReceiver';
import { apiGetAs, apiSignIn, message, useSession } from './support/axe';
import { networkQuiet } from './support/quiet';
import { e2eWebhookReceiverPort } from './support/webhookReceiverPort';

/**
 * An admin adds a webhook endpoint on /webhooks, copies its secret from the one dialog
 * that shows it, sends a test and sees it delivered in the log; a receiver on this machine
 * (allowed by the portal's WEBHOOK_ALLOWED_HOSTS, playwright.config.ts) checks the signature.
 */

let receiver: WebhookReceiver;
// One receiver on one port: the file's tests run in one worker, one after the other. Run in two
// workers at once (fullyParallel), each worker's beforeAll listened on the same port and the
// second failed with EADDRINUSE. 'default', not 'serial': a failure does not skip the other test.
test.describe.configure({ mode: 'default' });

/** The receiver goes with this file: its endpoints go too, so later events of other specs are not sent to a closed port. */
async function removeEndpoint(request: APIRequestContext, token: string, id: number) {
  const res = await request.post('api/webhooks/deleteendpoint', { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' }, data: { id } });
  expect(res.ok()).toBe(true);
}
test.beforeAll(async () => {
  receiver = await startWebhookReceiver(e2eWebhookReceiverPort(Number(process.env.E2E_PORT ?? 3210)));
});
test.afterAll(() => receiver.close());

test('an admin adds an endpoint, copies its secret once, sends a test and sees it delivered', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const token = await apiSignIn(request, 'admin@example.com');
  await useSession(page, 'en', token);
  await page.goto('/webhooks');
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/webhooks\/create$/);

  const url = `${receiver.url}/e2e-${Date.now()}`;
  await page.getByLabel('Address (URL)').fill(url);
  await page.getByLabel('Order created').check();
  await page.getByLabel('Invoice issued').check();
  await page.getByRole('button', { name: 'Save' }).click();

  const dialog = page.getByRole('dialog', { name: 'Signing secret' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('shown only this once');
  const secret = (await dialog.getByTestId('webhook-secret').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Secret copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole('button', { name: 'I have copied it' }).click();

  // The endpoint's page: no secret on it, nor in what the API answers for it.
  await expect(page).toHaveURL(/\/webhooks\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await networkQuiet(page);
  await expect(page.getByText(secret)).toHaveCount(0);
  const stored = await apiGetAs<{ data: Record<string, unknown> }>(request, token, `api/webhooks/endpoint?id=${id}`);
  expect(stored.data).toMatchObject({ url, events: ['order.created', 'invoice.issued'] });
  expect(stored.data).not.toHaveProperty('secret');

  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText('A test delivery is on its way')).toBeVisible();
  await expect.poll(() => receiver.received.filter((hook) => url.endsWith(hook.url)).length, { timeout: 15_000 }).toBe(1);
  const hook = receiver.received.find((received) => url.endsWith(received.url))!;
  expect(JSON.parse(hook.body)).toMatchObject({ event: 'ping', data: { endpoint_id: id } });
  expect(verifyWebhookSignature(secret, hook.headers['x-portal-timestamp'] as string, hook.body, hook.headers['x-portal-signature'] as string)).toBe(true);

  // The log reads itself again every few seconds: the try shows as delivered, with the answer.
  const log = page.locator('table').filter({ hasText: 'Test (ping)' });
  await expect(log.getByText('Delivered')).toBeVisible({ timeout: 15_000 });
  await expect(log.getByText('200 ok')).toBeVisible();
  await removeEndpoint(request, token, id);
});

test('on a 390 px phone the endpoint page, its log and the secret dialog fit the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await apiSignIn(request, 'admin@example.com');
  await useSession(page, 'ar', token);
  await page.goto('/webhooks/create');
  await page.getByLabel(message('ar', 'resources.webhooks.fields.url')).fill(`${receiver.url}/phone-${Date.now()}`);
  await page.getByLabel(message('ar', 'webhooks.events.client_created')).check();
  await page.getByRole('button', { name: message('ar', 'ra.action.save') }).click();
  const secret = page.getByTestId('webhook-secret');
  await expect(secret).toBeVisible();
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits(), 'the secret dialog fits').toBe(true);
  const box = await secret.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: message('ar', 'webhooks.copied_done') }).click();
  await expect(page).toHaveURL(/\/webhooks\/\d+$/);
  await page.getByRole('button', { name: message('ar', 'webhooks.test') }).click();
  await expect.poll(() => receiver.received.some((hook) => hook.url.startsWith('/phone-')), { timeout: 15_000 }).toBe(true);
  await networkQuiet(page);
  expect(await fits(), 'the endpoint page fits').toBe(true);
  await removeEndpoint(request, token, Number(new URL(page.url()).pathname.split('/').pop()));
});
