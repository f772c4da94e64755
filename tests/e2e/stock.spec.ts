import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiGetAs, apiSignIn, useSession } from './support/axe';

/**
 * Stock in the browser: production finds a product in the stock list, counts it in the
 * "Adjust / count" dialog (a refusal shown beside the field first), confirms, and sees the new
 * figures in the list and the count in the movements; on a 390 px phone the list fits.
 */

const post = async (request: APIRequestContext, token: string, path: string, data: unknown) => {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' }, data });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()).data;
};

test('production counts a product and the list and movements show it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await apiSignIn(request, 'admin@example.com');
  const production = await apiSignIn(request, 'production@example.com');
  const stamp = Date.now().toString(36).toUpperCase();
  const product = await post(request, admin, 'api/products/save', { sku: `STK-${stamp}`, name: `Stock product ${stamp}`, price: 5_000 });
  const branches = await apiGetAs<{ data: { branch_config: { id: number; default_branch: boolean }[] } }>(request, production, 'api/auth/core');
  const branch = branches.data.branch_config.find((b) => b.default_branch) ?? branches.data.branch_config[0];
  await post(request, admin, 'api/stock/adjust', { branch_id: branch.id, product_id: product.id, quantity: 4, reason: 'Opening count' });

  await useSession(page, 'en', production);
  await page.goto('/stock');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stock');
  await page.getByPlaceholder('Search').fill(stamp);
  const row = page.getByRole('row').filter({ hasText: `STK-${stamp}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(3)).toHaveText('4');

  await row.getByRole('button', { name: 'Adjust / count' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Change (+ or −)').fill('-9');
  await dialog.getByLabel('Reason').fill('Broken in the store');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Change the stock?' }).getByRole('button', { name: 'Save' }).click();
  // Refused by the server (only 4 on hand): said beside the field, nothing changed.
  await expect(dialog.getByText(/only 4 are on hand/).first()).toBeVisible();

  await dialog.getByLabel('Enter what was counted').check();
  await dialog.getByLabel('Counted on hand').fill('11');
  await expect(dialog.getByText('A change of 7')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Change the stock?' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Stock saved')).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('11');

  await page.getByRole('link', { name: 'Movements' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stock movements');
  // The opening adjustment and the count, newest first; the refused change left no row.
  const rows = page.getByRole('row').filter({ hasText: `Stock product ${stamp}` });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Count');
  await expect(rows.nth(0)).toContainText('+7');
  await expect(rows.nth(0)).toContainText('Broken in the store');
  await expect(rows.nth(1)).toContainText('Adjustment');
  await expect(rows.nth(1)).toContainText('+4');
});

test('the stock list fits a 390 px phone in Arabic', async ({ page, request }) => {
  const production = await apiSignIn(request, 'production@example.com');
  await page.setViewportSize({ width: 390, height: 844 });
  await useSession(page, 'ar', production);
  await page.goto('/stock');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('المخزون');
  await expect(page.getByRole('button', { name: 'تعديل / جرد' }).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
