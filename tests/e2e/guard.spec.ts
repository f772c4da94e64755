import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiGetAs, apiSignIn } from './support/axe';
import { expectBackOffice, signIn, storedTokens } from './support';

test('a signed-out visit to /orders goes to sign-in and back after it', async ({ page }) => {
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login\?redirectFrom=%2Forders$/);
  await signIn(page, 'production@example.com');
  await expect(page).toHaveURL(/\/orders$/);
  await expectBackOffice(page);
});

test('an unknown path shows the not-found page, whose button leads to the root route', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('Sorry, page not found')).toBeVisible();
  await expect(page).toHaveTitle('Page not found — Members Portal');
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  // Signed out, the root route is guarded: the visitor is asked to sign in.
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/members$/);
  await page.goto('/also/unknown');
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/members$/);
});

test('Arabic turns the whole interface right to left, before and after sign-in', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('language-select').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.getByLabel('البريد الإلكتروني').fill('admin@example.com');
  await page.getByLabel('كلمة المرور').fill('demo-pass-1234');
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const appBar = page.locator('header').first();
  await expect(appBar).toHaveCSS('direction', 'rtl');
});

test('a refreshed token keeps the session', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/members$/);
  const before = (await storedTokens(page)).token;
  // The SPA refreshes every 300000 ms.
  await page.clock.fastForward('05:01');
  await expect.poll(async () => (await storedTokens(page)).token).not.toBe(before);
  const after = await storedTokens(page);
  expect(after.mirror).toBe(after.token);
  await page.reload();
  await expect(page).toHaveURL(/\/members$/);
  await expectBackOffice(page);
});

/**
 * A user of its own on the stockist's client: signing out ends every session of the user signing
 * out (server-side), and the other browser tests use the demo stockist at the same time.
 */
async function userToSignOut(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const admin = await apiSignIn(request, 'admin@example.com');
  const stockist = await apiSignIn(request, 'stockist@example.com');
  const { data: core } = await apiGetAs<{ data: { user: { client: { id: number } | null } } }>(request, stockist, '/api/auth/core');
  const email = `sign-out.${Date.now()}@example.com`;
  const password = 'sign-out-password-1';
  const created = await request.post('/api/admin/createclientuser', {
    headers: { Authorization: `Bearer ${admin}`, 'X-Requested-With': 'XMLHttpRequest' },
    data: { client_id: core.user.client!.id, name: 'Sign-out Tester', email, password },
  });
  expect(created.status()).toBe(201);
  return { email, password };
}

test('signing out clears x_token and auth.currentUser and guards the pages again', async ({ page }) => {
  const user = await userToSignOut(page.request);
  await page.goto('/login');
  await signIn(page, user.email, user.password);
  await expectBackOffice(page);
  const { token } = await storedTokens(page);
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedTokens(page)).toEqual({ token: null, mirror: null });
  // The old token is revoked on the server as well.
  const check = await page.request.get('/api/auth/check', { headers: { authorization: `Bearer ${token}` } });
  expect(await check.json()).toEqual({ authenticated: false });
  await page.goto('/members');
  await expect(page).toHaveURL(/\/login\?redirectFrom=%2Fmembers$/);
});
