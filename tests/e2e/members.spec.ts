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
  // Its own orders are listed (the demo seeds some), each opening the member's order view.
  await expect(page.getByRole('link', { name: /^ORD-\d{6}$/ }).first()).toHaveAttribute('href', /^\/client\/view\/order\/\d+$/);

  await page.goto(`/clients/view/${other}`);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('Sorry, page not found')).toBeVisible();
  await expect(page.getByText('Ines Individual')).toHaveCount(0);
});

test('the admin adds a user to a member, who signs in and lands on that member’s page', async ({ page, browser }) => {
  const email = `karoo.buyer.${Date.now()}@example.com`;
  const password = 'karoo-buyer-pass-1';
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/members$/);
  await page.getByPlaceholder('Search').fill('Karoo');
  // The search applies after a pause; click once the list shows its result alone.
  await expect(page).toHaveURL(/Karoo/);
  await expect(page.getByRole('row')).toHaveCount(2);
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

  // The new user signs in in a browser of its own (signing the admin out would end the admin's
  // sessions in the other tests too).
  const member = await browser.newPage();
  await member.goto('/login');
  await signIn(member, email, password);
  await expect(member).toHaveURL(clientPage);
  await expectBackOffice(member);
  await expect(member.getByRole('heading', { name: 'Karoo Health Store' })).toBeVisible();
  await member.close();
});

test('the admin creates a member, finds it by search and archives it after confirming', async ({ page }) => {
  const name = `Trial Shop ${Date.now()}`;
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/members$/);
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/members\/create$/);
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Stockist' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/clients\/view\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Requested')).toBeVisible();

  await page.goto('/members');
  await page.getByPlaceholder('Search').fill(name);
  await expect(page).toHaveURL(/Trial/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Archive the selected members?')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('the admin filters the members by rep: only the clients that rep works are listed', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole('row', { name: /Highveld Pharmacy/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Rep' }).click();
  await page.getByRole('combobox', { name: 'Rep' }).click();
  await page.getByRole('option', { name: 'Rita Reseller' }).click();
  await expect(page).toHaveURL(/rep/);
  // Rita works Karoo Health Store from the start (the rep tests may add others, never Highveld).
  await expect(page.getByRole('row', { name: /Karoo Health Store/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Highveld Pharmacy/ })).toHaveCount(0);
});

test('a branch added on the users screen shows in the branch selector, and an unused one can be deleted', async ({ page }) => {
  const name = `Pretoria ${Date.now()}`;
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expectBackOffice(page);
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'admin@example.com' })).toBeVisible();
  await page.getByRole('button', { name: 'Add branch' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Address').fill('1 Church Sq, Pretoria');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await page.getByRole('banner').getByRole('combobox', { name: /^Branch/ }).click();
  await expect(page.getByRole('option', { name })).toBeVisible();
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('the admin orders the membership fee of an approved member, which awaits payment, then activates it', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/members$/);
  await page.getByPlaceholder('Search').fill('Johan');
  await expect(page).toHaveURL(/Johan/);
  await page.getByRole('cell', { name: 'Johan van der Merwe' }).first().click();
  await expect(page).toHaveURL(/\/clients\/view\/\d+$/);
  const clientPage = page.url();
  await expect(page.getByText('Approved')).toBeVisible();

  await page.getByRole('button', { name: 'Order membership fee' }).click();
  await expect(page.getByText('Order the membership fee?')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/orders\/view\/order\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Order ORD-\d{6}$/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Annual membership' })).toBeVisible();

  await page.goto(clientPage);
  await expect(page.getByText('Awaiting payment')).toBeVisible();
  // Awaiting payment, the fee is not ordered twice.
  await expect(page.getByRole('button', { name: 'Order membership fee' })).toHaveCount(0);

  // Once paid, the admin activates the membership: a year from today.
  await page.getByRole('button', { name: 'Activate membership' }).click();
  await expect(page.getByText('Activate this membership?')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Membership activated')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByTestId('membership-expiry')).toContainText(String(new Date().getFullYear() + 1));
});
