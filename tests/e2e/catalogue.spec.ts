import { expect, test } from '@playwright/test';
import { expectBackOffice, signIn } from './support';

test('the admin keeps the catalogue: property values in place, a refused duplicate SKU, a confirmed bulk delete', async ({ page }) => {
  const tag = Date.now().toString(36).toUpperCase();
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expectBackOffice(page);

  // A property with two values, one renamed in place afterwards.
  await page.goto('/properties/create');
  await page.getByLabel('Name').fill(`Strength ${tag}`);
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByLabel('Value').nth(0).fill('Mild');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByLabel('Value').nth(1).fill('Strong');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/properties$/);
  await page.getByRole('cell', { name: `Strength ${tag}` }).click();
  await expect(page).toHaveURL(/\/properties\/\d+$/);
  await page.getByLabel('Value').nth(1).fill('Extra strong');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Strength ${tag}`) })).toContainText('Extra strong');

  // Editing a product to another product's SKU is refused on the field.
  await page.goto('/products');
  await expect(page.getByRole('link', { name: 'Create' })).toBeVisible();
  await page.getByPlaceholder('Search').fill('Zinc');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('cell', { name: 'Zinc 25 mg' }).click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  await page.getByLabel('SKU').fill('vit-c-500');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Another product already has this SKU').first()).toBeVisible();
  await page.getByLabel('SKU').fill(`SK U`);
  await expect(page.getByText('Letters, digits, dots, dashes and underscores only, starting with a letter or digit')).toBeVisible();

  // Two new products deleted together after a confirmation.
  for (const n of [1, 2]) {
    await page.goto('/products/create');
    await page.getByLabel('SKU').fill(`DEL-${tag}-${n}`);
    await page.getByLabel('Name').fill(`Doomed ${tag} ${n}`);
    await page.getByLabel('Price').fill('1.50');
    await page.getByRole('button', { name: 'Save' }).click();
    // The list keeps its earlier search in the address (react-admin list params).
    await expect(page).toHaveURL(/\/products(\?.*)?$/);
  }
  await page.getByPlaceholder('Search').fill(`DEL-${tag}`);
  await expect(page.getByRole('row', { name: /Doomed/ })).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('2');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('row', { name: /Doomed/ })).toHaveCount(0);
});
