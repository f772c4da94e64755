import { test } from '@playwright/test';
import { signIn } from './support';
test('debug', async ({ page }) => {
  page.on('console', (m) => { if (m.type() === 'error') console.log('CONSOLE', m.text().slice(0, 1500)); });
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message, e.stack?.slice(0, 1500)));
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await page.waitForURL(/members/);
  await page.goto('/clients/view/1');
  await page.waitForTimeout(3000);
  await page.screenshot({ path: '/tmp/view.png' });
  await page.goto('/members');
  await page.waitForTimeout(2000);
  await page.screenshot({ path: '/tmp/members.png', fullPage: true });
  await page.goto('/users');
  await page.waitForTimeout(2000);
  await page.screenshot({ path: '/tmp/users.png', fullPage: true });
});
