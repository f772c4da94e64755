import { expect, test } from '@playwright/test';
import { expectBackOffice, signIn } from './support';

/**
 * Issue 23, quick order: codes and quantities typed or pasted, one per line. The good lines join
 * the order at the member's prices; each bad line stays in the box with its own message.
 */
test('quick order adds the good lines and keeps each bad one with its message', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'stockist@example.com');
  await expectBackOffice(page);
  await page.goto('/create-order');
  const box = page.getByRole('textbox', { name: 'Product codes and quantities' });
  await box.fill('ZINC-25 3\nNO-SUCH-CODE 1\nvit-c-500, 2\nIRON-14 lots');
  await page.getByRole('button', { name: 'Add to the order' }).click();

  const problems = page.getByTestId('quick-order-problems');
  await expect(problems).toContainText('Line 2 (NO-SUCH-CODE 1): no product on sale has this code.');
  await expect(problems).toContainText('Line 4 (IRON-14 lots): the quantity must be a whole number from 1 to 100000.');
  await expect(page.getByText('2 lines added to the order.')).toBeVisible();
  // The bad lines are left to put right; the good ones are in the draft with their quantities.
  await expect(box).toHaveValue('NO-SUCH-CODE 1\nIRON-14 lots');
  await expect(page.getByLabel('Quantity Zinc 25 mg')).toHaveValue('3');
  await expect(page.getByLabel('Quantity Vitamin C 500 mg')).toHaveValue('2');
  await expect(page.getByTestId('draft-total')).toHaveText(/R\s?\d/);

  await box.fill('IRON-14 2');
  await page.getByRole('button', { name: 'Add to the order' }).click();
  await expect(page.getByLabel('Quantity Iron Bisglycinate')).toHaveValue('2');
  await expect(problems).toHaveCount(0);
  await expect(box).toHaveValue('');
});
