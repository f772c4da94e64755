import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { isoToPortalLocal } from '../../shared/mailing/deliverability';
import { apiSignIn, axeFindings, message, settle, useSession, type TestLocale } from './support/axe';
import { E2E_BOUNCE_SECRET } from './support/bounceSecret';

/**
 * Bounces in the browser: a bounce reported through the signed webhook shows on the member's page
 * with its reason, and a send scheduled on Johannesburg's clock shows as scheduled and is cancelled
 * after a confirmation. Both screens pass axe in English and Arabic and fit a 390 px phone.
 */
const PHONE = { width: 390, height: 844 };
const json = (token: string) => ({ Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' });

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers: json(token), data });
  if (!response.ok()) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

async function newMember(request: APIRequestContext, token: string, label: string) {
  const email = `${label}.${Date.now().toString(36)}@bounces.test`;
  const answer = await post<{ data: { id: number } }>(request, token, 'api/clients/save', { type: 'stockist', name: `Bounce ${label} ${Date.now().toString(36)}`, email });
  return { id: answer.data.id, email };
}

/** Audits what the page shows in one language at phone width: no serious axe finding, nothing wider than the phone. */
async function auditOnPhone(page: Page, locale: TestLocale, screen: string) {
  await settle(page);
  expect(await axeFindings(page, `${screen} (${locale})`)).toEqual([]);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test("a hard bounce from the signed webhook shows on the member's page with its reason", async ({ page, request }) => {
  const token = await apiSignIn(request, 'admin@example.com');
  const member = await newMember(request, token, 'hard');
  const raw = JSON.stringify({ email: member.email, type: 'hard', reason: '550 5.1.1 The mailbox does not exist' });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', E2E_BOUNCE_SECRET).update(`${timestamp}.${raw}`).digest('hex');
  const answer = await request.post('api/webhooks/bounce', {
    headers: { 'content-type': 'application/json', 'x-portal-timestamp': timestamp, 'x-portal-signature': signature },
    data: raw,
  });
  expect(answer.status(), await answer.text()).toBe(200);

  await page.setViewportSize(PHONE);
  for (const locale of ['en', 'ar'] as const) {
    await useSession(page, locale, token);
    await page.goto(`/clients/view/${member.id}`);
    const card = page.getByTestId('deliverability');
    await expect(card.getByTestId('deliverability-reason')).toContainText('550 5.1.1 The mailbox does not exist');
    await expect(card).toContainText(member.email);
    await auditOnPhone(page, locale, 'member page, undeliverable address');
  }
});

test('a send scheduled on Johannesburg time shows as scheduled and is cancelled after a confirmation', async ({ page, request }) => {
  const token = await apiSignIn(request, 'admin@example.com');
  const member = await newMember(request, token, 'scheduled');
  const list = await post<{ data: { id: number } }>(request, token, 'api/crm/savemailinglist', { name: `Scheduled ${Date.now().toString(36)}` });
  await post(request, token, 'api/crm/savemailinglistclients', { id: list.data.id, client_ids: [member.id] });
  // Tomorrow at this time, on Johannesburg's clock, to the minute.
  const later = isoToPortalLocal(new Date(Date.now() + 86_400_000));

  await useSession(page, 'en', token);
  await page.goto(`/mailing-lists/${list.data.id}`);
  await settle(page);
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'Monthly newsletter' }).click();
  await page.getByLabel('Send later at (Johannesburg time)').fill(later);
  await page.getByRole('button', { name: 'Schedule' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('(Johannesburg time)');
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  const progress = page.getByTestId('send-progress');
  const [day, time] = later.split('T');
  await expect(progress.getByTestId('send-scheduled-at')).toContainText(time);
  await expect(progress.getByTestId('send-scheduled-at')).toContainText(String(Number(day.slice(8))));
  await expect(progress).toContainText('Scheduled');

  // The scheduled send as it shows when the list is opened again, in both languages on a phone.
  await page.setViewportSize(PHONE);
  for (const locale of ['en', 'ar'] as const) {
    await useSession(page, locale, token);
    await page.goto(`/mailing-lists/${list.data.id}`);
    await expect(page.getByTestId('send-scheduled-at')).toBeVisible();
    await auditOnPhone(page, locale, 'mailing list, scheduled send');
  }

  await page.getByTestId('send-progress').getByRole('button', { name: message('ar', 'mailing.send.cancel') }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(message('ar', 'mailing.send.cancel_scheduled_title'));
  await auditOnPhone(page, 'ar', 'mailing list, cancel a scheduled send');
  await confirm.getByRole('button', { name: message('ar', 'ra.action.confirm') }).click();
  await expect(page.getByTestId('send-progress')).toContainText(message('ar', 'mailing.send.statuses.cancelled'));
});
