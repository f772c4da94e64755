import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expectBackOffice, signIn } from './support';

async function clientIdOf(request: APIRequestContext, email: string): Promise<number> {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  const { access_token } = await login.json();
  const core = await request.get('/api/auth/core', { headers: { authorization: `Bearer ${access_token}` } });
  return (await core.json()).data.user.client.id;
}

test('a stockist lands on its own client page, and another client’s page is the not-found page', async ({ page, request }) => {
  const own = await clientIdOf(request, 'stockist@example.com');
  const other = await clientIdOf(request, 'individual@example.com');
  await page.goto('/login');
  await signIn(page, 'stockist@example.com');
  await expect(page).toHaveURL(new RegExp(`/clients/view/${own}$`));
  await expect(page.getByRole('heading', { name: 'Sunrise Pharmacy' })).toBeVisible();
  await expect(page.getByText('No orders yet.')).toBeVisible();

  await page.goto(`/clients/view/${other}`);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('Sorry, page not found')).toBeVisible();
  await expect(page.getByText('Ines Individual')).toHaveCount(0);
});

test('the admin adds a user to a member, who signs in and lands on that member’s page', async ({ page }) => {
  const email = `karoo.buyer.${Date.now()}@example.com`;
  const password = 'karoo-buyer-pass-1';
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/members$/);
  await page.getByPlaceholder('Search').fill('Karoo');
  await page.getByRole('cell', { name: 'Karoo Health Store' }).click();
  await expect(page).toHaveURL(/\/clients\/view\/\d+$/);
  const clientPage = page.url();
  await expect(page.getByRole('heading', { name: 'Karoo Health Store' })).toBeVisible();

  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Karoo Buyer');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: false }).first().fill(password);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('cell', { name: email })).toBeVisible();

  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, password);
  await expect(page).toHaveURL(clientPage);
  await expectBackOffice(page);
  await expect(page.getByRole('heading', { name: 'Karoo Health Store' })).toBeVisible();
});
