import { expect, test, type Page } from '@playwright/test';
import { apiGetAs, apiSignIn, firstId, useSession } from './support/axe';
import { tabTo } from './support/keyboard';

/**
 * The custom pages — order creation, group pricing, rep links — work with the keyboard
 * alone. No click and no programmatic focus: each control is reached with Tab (Shift+Tab back)
 * and used with typing, arrows, Enter and Space, as a person without a mouse does.
 */

/** Replaces the focused field's text, by keyboard. */
async function typeOver(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

const signedIn = async (page: Page, email: string) => {
  const token = await apiSignIn(page.request, email);
  await useSession(page, 'en', token);
  return token;
};

test('a member creates an order with the keyboard only', async ({ page }) => {
  await signedIn(page, 'stockist@example.com');
  await page.goto('/create-order');
  await tabTo(page, page.getByLabel('Add a product (search by name or SKU)'));
  await page.keyboard.type('Zinc');
  // The list answers the search: Zinc first (the catalogue before the search, also listing Zinc
  // further down, would let ArrowDown pick its first product).
  await expect(page.getByRole('option').first()).toHaveText(/Zinc 25 mg/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const quantity = page.getByLabel('Quantity Zinc 25 mg');
  await tabTo(page, quantity);
  await typeOver(page, '3');
  await expect(quantity).toHaveValue('3');
  await expect(page.getByTestId('draft-total')).toHaveText(/R\s?\d/);
  await tabTo(page, page.getByRole('button', { name: 'Place order' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/client\/view\/order\/\d+$/);
});

test('the admin prices a group for a role with the keyboard only', async ({ page }) => {
  const token = await signedIn(page, 'admin@example.com');
  // A product of its own, so the price rule changes no other test's prices.
  const sku = `KBD-${Date.now().toString(36).toUpperCase()}`;
  const created = await page.request.post('/api/products/save', {
    data: { sku, name: `Keyboard tea ${sku}`, price: 20000 },
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(created.ok()).toBe(true);

  await page.goto('/product-groups');
  await tabTo(page, page.getByRole('button', { name: 'New group' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await tabTo(page, dialog.getByLabel('Name'));
  await page.keyboard.type(`Keyboard group ${sku}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product-groups\/\d+$/);

  await tabTo(page, page.getByLabel('Add a product'));
  await page.keyboard.type(sku);
  await expect(page.getByRole('option', { name: new RegExp(sku) })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: 'Linked products' })).toContainText('to be added');
  const stockist = page.getByRole('checkbox', { name: 'Stockist' });
  await tabTo(page, stockist);
  await page.keyboard.press('Space');
  await expect(stockist).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Save group' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('The group has been saved')).toBeVisible();

  const change = page.getByLabel('Change (%) — Stockist');
  await tabTo(page, change);
  await typeOver(page, '-10');
  await expect(page.getByTestId('example-stockist')).toHaveText(/R\s?200,00 becomes R\s?180,00/);
  await tabTo(page, page.getByRole('button', { name: 'Save price' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('The price for Stockist has been saved')).toBeVisible();
});

test('the admin changes a rep’s client links with the keyboard only', async ({ page }) => {
  const token = await signedIn(page, 'admin@example.com');
  const rep = await firstId(page.request, token, 'api/admin/repusers');
  const view = await apiGetAs<{ data: { rep_clients: { total: number; data: { name: string }[] } } }>(page.request, token, `api/reps/rep?rep_user_id=${rep}`);
  const linked = view.data.rep_clients;
  const client = linked.data[0]!.name;

  await page.goto(`/reps/view/${rep}`);
  await tabTo(page, page.getByRole('button', { name: 'Link clients' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  const count = dialog.getByTestId('links-selected');
  await expect(count).toHaveText(`${linked.total} clients linked`);
  await tabTo(page, dialog.getByLabel('Search all clients'));
  await page.keyboard.type(client);
  const checkbox = dialog.getByRole('checkbox', { name: client, exact: true });
  await tabTo(page, checkbox);
  // Space unlinks and links again: the control toggles from the keyboard both ways.
  await page.keyboard.press('Space');
  await expect(checkbox).not.toBeChecked();
  await expect(count).toHaveText(`${linked.total - 1} clients linked`);
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
  await expect(count).toHaveText(`${linked.total} clients linked`);
  await tabTo(page, dialog.getByRole('button', { name: 'Save links' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Client links saved')).toBeVisible();
});
