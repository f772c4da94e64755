import { expect, test } from '@playwright/test';
import { expectBackOffice, signIn } from './support';

const rand = (page: import('@playwright/test').Page, amount: number) =>
  page.evaluate((value) => new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' }).format(value), amount);

test('the admin prices a new product 10 % lower for stockists, and the stockist sees that price', async ({ page, browser }) => {
  // Several sign-ins and screens in one flow: on CI's two loaded cores (both API runs beside the
  // browser tests) these took 35–45 s of the default 60, as the other whole-flow tests here have their own limit.
  test.setTimeout(120_000);
  const sku = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const groupName = `Stockist deal ${sku}`;

  // The admin creates the product at R 200.00.
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expectBackOffice(page);
  await page.goto('/products/create');
  await page.getByLabel('SKU').fill(sku);
  await page.getByLabel('Name').fill(`Rooibos ${sku}`);
  await page.getByLabel('Price').fill('200');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await page.getByPlaceholder('Search').fill(sku);
  await expect(page.getByRole('row', { name: new RegExp(sku) })).toContainText(await rand(page, 200));

  // A new group opens on the group screen (not react-admin's own edit route).
  await page.goto('/product-groups');
  await page.getByRole('button', { name: 'New group' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(groupName);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/product-groups\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await expect(page).toHaveTitle('Product group — Members Portal');

  // It links the product and the stockist role.
  await page.getByLabel('Add a product').fill(sku);
  await page.getByRole('option', { name: new RegExp(sku) }).click();
  await expect(page.getByRole('table', { name: 'Linked products' })).toContainText('to be added');
  await page.getByRole('checkbox', { name: 'Stockist' }).check();
  await page.getByRole('button', { name: 'Save group' }).click();
  await expect(page.getByText('The group has been saved')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Linked products' })).not.toContainText('to be added');

  // And sets -10 % for stockists; the example follows as it is typed.
  const change = page.getByLabel('Change (%) — Stockist');
  await change.fill('-10');
  await expect(page.getByTestId('example-stockist')).toHaveText(`${await rand(page, 200)} becomes ${await rand(page, 180)}`);
  await page.getByRole('button', { name: 'Save price' }).click();
  await expect(page.getByText('The price for Stockist has been saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove price rule' })).toBeVisible();

  // The group screen survives a reload at its own address.
  await page.reload();
  await expect(page.getByLabel('Change (%) — Stockist')).toHaveValue('-10');

  // The stockist sees R 180.00 in a read-only list.
  const stockistContext = await browser.newContext();
  const stockist = await stockistContext.newPage();
  await stockist.goto('/login');
  await signIn(stockist, 'stockist@example.com');
  await expectBackOffice(stockist);
  await stockist.goto('/products');
  await stockist.getByPlaceholder('Search').fill(sku);
  const row = stockist.getByRole('row', { name: new RegExp(sku) });
  await expect(row).toContainText(await rand(stockist, 180));
  await expect(row).not.toContainText(await rand(stockist, 200));
  await expect(stockist.getByRole('columnheader', { name: 'Your price' })).toBeVisible();
  await expect(stockist.getByRole('link', { name: 'Create' })).toHaveCount(0);
  await expect(stockist.getByRole('checkbox')).toHaveCount(0);
  await stockistContext.close();
});

test('the product groups list opens a group on its own screen', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expectBackOffice(page);
  await page.goto('/product-groups');
  await page.getByRole('cell', { name: 'Supplements trade pricing' }).click();
  await expect(page).toHaveURL(/\/product-groups\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Supplements trade pricing' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pricing per role' })).toContainText('Reseller');
});
