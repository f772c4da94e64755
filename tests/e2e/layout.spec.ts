import { expect, test } from '@playwright/test';
import { expectBackOffice, signIn } from './support';

test('the menu runs across the top by default and moves to a dark sidebar on request', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expectBackOffice(page);
  const topMenu = page.getByRole('navigation', { name: 'Members Portal' });
  await topMenu.getByRole('button', { name: 'Catalogue' }).click();
  await expect(page.getByRole('menuitem', { name: 'Products' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Menu at the side' }).click();
  await expect(topMenu).toHaveCount(0);
  const sidebar = page.locator('.RaSidebar-fixed');
  await expect(sidebar.getByRole('menuitem', { name: 'Products' })).toBeVisible();
  await expect(sidebar).toHaveCSS('background-color', 'rgb(30, 42, 56)');

  // The preference survives a reload; the sidebar's links work.
  await page.reload();
  await sidebar.getByRole('menuitem', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page).toHaveTitle('Products — Members Portal');
});

test('the selected branch is kept in selected_branch_id and restored on start', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'production@example.com');
  await expectBackOffice(page);
  const branch = page.getByRole('combobox', { name: 'Branch' });
  // Nothing stored: the default branch.
  await expect(branch).toHaveText('Johannesburg');
  await branch.click();
  await page.getByRole('option', { name: 'Cape Town' }).click();
  await expect(branch).toHaveText('Cape Town');
  const stored = await page.evaluate(() => localStorage.getItem('selected_branch_id'));
  expect(Number(stored)).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveText('Cape Town');
});

test('menus show only what the role may use', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'stockist@example.com');
  await expectBackOffice(page);
  // A member's screens do not work per branch: no branch selector over its own page.
  await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveCount(0);
  const menu = page.getByRole('navigation', { name: 'Members Portal' });
  await expect(menu.getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Products' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Members' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
});

test('the language can be changed inside the back office, Arabic mirroring it', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expectBackOffice(page);
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await page.getByTestId('top-menu').getByRole('button', { name: 'Catalogue', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Produits', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveTitle('Membres — Portail des membres');
  await page.getByRole('button', { name: 'Français' }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('top-menu').getByRole('button', { name: 'الكتالوج', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'المنتجات', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  // The choice is shared with the public pages.
  await page.goto('/404');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
