import { expect, test, type Page, type Response } from '@playwright/test';
import { apiSignIn, useSession } from './support/axe';

/**
 * Conditional reads in the web app: coming back to a list, and the tab getting the focus
 * again, ask with the validator of the answer already shown; the server answers 304 (it did not
 * run the list query) and the list still shows its rows.
 */
function ordersListAnswers(page: Page): Response[] {
  const seen: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/orders/all') seen.push(response);
  });
  return seen;
}

test('returning to the orders list and focusing the tab again revalidate it with 304s', async ({ page, request }) => {
  await useSession(page, 'en', await apiSignIn(request, 'admin@example.com'));
  const answers = ordersListAnswers(page);
  await page.goto('/orders');
  const rows = page.locator('.RaDatagrid-tbody tr, table tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect.poll(() => answers.filter((r) => r.status() === 200).length).toBeGreaterThan(0);
  const firstRow = (await rows.first().textContent()) ?? '';

  // Away to the products and back through the menu (the app stays loaded): the list's answer is
  // confirmed, not sent again.
  await page.getByRole('button', { name: 'Catalogue' }).click();
  await page.getByRole('menuitem', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page.getByRole('button', { name: 'Sales' }).click();
  await page.getByRole('menuitem', { name: 'Orders' }).click();
  await expect.poll(() => answers.filter((r) => r.status() === 304).length).toBeGreaterThan(0);
  const revalidated = answers.find((r) => r.status() === 304)!;
  expect(await revalidated.request().headerValue('if-none-match')).toMatch(/^W\//);
  await expect(rows.first()).toHaveText(firstRow);

  // The tab hidden and shown again: react-admin refetches on focus, and again it is a 304.
  const before = answers.filter((r) => r.status() === 304).length;
  await page.evaluate(() => {
    // What the browser does when the user comes back to the tab (react-query listens on window).
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    window.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    window.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => answers.filter((r) => r.status() === 304).length).toBeGreaterThan(before);
  await expect(rows.first()).toHaveText(firstRow);
});
