import { expect, test } from '@playwright/test';
import { apiGetAs, apiSignIn, axeFindings, firstId, useSession } from './support/axe';

// An American browser: a native date input would read and write mm/dd/yyyy here.
test.use({ locale: 'en-US', timezoneId: 'Africa/Johannesburg' });

test('a date input reads and writes the en-ZA style whatever the browser’s locale, and lists show the same style', async ({ page }) => {
  const token = await apiSignIn(page.request, 'admin@example.com');
  await useSession(page, 'en', token);
  const id = await firstId(page.request, token, 'api/crm/salesleads');
  await page.goto(`/sales-leads/${id}`);

  const followUp = page.getByLabel('Follow up on');
  await expect(followUp).toHaveAttribute('type', 'text');
  await followUp.fill('2027/8/');
  await expect(followUp).toHaveValue('2027/8/');
  await followUp.fill('15/08/2027');
  await expect(followUp).toHaveValue('15 Aug 2027');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/sales-leads$/);

  const lead = await apiGetAs<{ data: { follow_up_at: string } }>(page.request, token, `api/crm/lead?id=${id}`);
  expect(lead.data.follow_up_at).toBe('2027-08-15T00:00:00.000Z');
  await page.goto(`/sales-leads/${id}`);
  await expect(page.getByLabel('Follow up on')).toHaveValue('15 Aug 2027');

  // A half-written date is a field error, not a silent guess.
  await page.getByLabel('Follow up on').fill('15 Aug');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Write a whole date, e.g. 31 Jul 2027')).toBeVisible();

  // The orders list's dates: the one date-time style, not the browser's 8/15/2027 nor 2027/08/15.
  await page.goto('/orders');
  const firstDate = page.locator('td.column-created_at').first();
  await expect(firstDate).toHaveText(/^\d{2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/);
});

/** In Arabic the screens spell the month in Arabic, as the Arabic PDFs do ("07 أكتوبر 2026"), never "07 Oct 2026". */
test('the orders list shows Arabic month names in Arabic', async ({ page }) => {
  const token = await apiSignIn(page.request, 'admin@example.com');
  await useSession(page, 'ar', token);
  await page.goto('/orders');
  const firstDate = page.locator('td.column-created_at').first();
  await expect(firstDate).toHaveText(/^\u2068?\d{2} (يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر) \d{4}، \d{2}:\d{2}\u2069?$/);
  await expect(page.locator('td.column-created_at').filter({ hasText: /Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec/ })).toHaveCount(0);
  expect(await axeFindings(page, 'orders list (ar, dates)')).toEqual([]);
});
