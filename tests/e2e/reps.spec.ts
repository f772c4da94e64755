import { expect, test } from '@playwright/test';
import { expectBackOffice, signIn } from './support';

/**
 * The reseller's story: it lands on its rep view, creates a client, orders for it,
 * and finds the order on the client's page; another rep's page and a client it does not work
 * are not found.
 */
test('a reseller lands on its rep view, creates a client and orders for it', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'reseller@example.com');
  await expectBackOffice(page);
  await expect(page).toHaveURL(/\/reps\/view\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My clients' })).toBeVisible();
  const clients = page.getByTestId('rep-clients');
  await expect(clients.getByRole('link', { name: 'Karoo Health Store', exact: true })).toBeVisible();

  const name = `Umhlanga Health ${Date.now().toString(36)}`;
  await clients.getByRole('button', { name: 'New client' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name *').fill(name);
  await dialog.getByLabel('Contact person').fill('Zanele Dube');
  await dialog.getByLabel('Email').fill(`${Date.now().toString(36)}@umhlanga.example.com`);
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/reps\/view\/client\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('rep-client-order_count')).toHaveText('0');
  const clientId = /\/client\/(\d+)$/.exec(page.url())![1];

  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page).toHaveURL(new RegExp(`/create-order/${clientId}$`));
  // The reseller sees whom it is ordering for.
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await page.getByLabel('Add a product (search by name or SKU)').fill('Zinc');
  await page.getByRole('option', { name: /Zinc 25 mg/ }).click();
  await page.getByLabel('Quantity Zinc 25 mg').fill('2');
  await expect(page.getByTestId('draft-total')).toHaveText(/R\s?\d/);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/client\/view\/order\/\d+$/);
  const reference = /ORD-\d{6}/.exec((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')![0];

  await page.goto(`/reps/view/client/${clientId}`);
  await expect(page.getByTestId('rep-client-order_count')).toHaveText('1');
  await expect(page.getByTestId('rep-orders').getByText(reference)).toBeVisible();

  // Back on its rep view the new client is listed with its order.
  await page.getByRole('link', { name: 'My clients' }).first().click();
  await clients.getByLabel('Search clients').fill('Umhlanga');
  await expect(clients.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByTestId('rep-orders').getByText(reference)).toBeVisible();
});

test('a reseller meets the not-found page on another rep’s page and on a client it does not work', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'reseller@example.com');
  await expect(page).toHaveURL(/\/reps\/view\/\d+$/);

  // The admin's reps list is not the reseller's; the other demo rep's id comes from the API as the admin would see it.
  const otherRep = await page.evaluate(async () => {
    const login = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'demo-pass-1234' }),
    });
    const { access_token } = await login.json();
    const reps = await fetch('/api/admin/repusers?q=themba', { headers: { Authorization: `Bearer ${access_token}` } });
    const members = await fetch('/api/clients/all?q=Ines', { headers: { Authorization: `Bearer ${access_token}` } });
    return { rep: (await reps.json()).data[0].id as number, client: (await members.json()).data[0].id as number };
  });

  await page.goto(`/reps/view/${otherRep.rep}`);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('Sorry, page not found')).toBeVisible();

  await page.goto(`/reps/view/client/${otherRep.client}`);
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('Sorry, page not found')).toBeVisible();
});

test('the admin sees the reps with their figures and links a client to a rep', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expectBackOffice(page);
  await page.goto('/reps');
  await expect(page.getByText('Themba Mokoena')).toBeVisible();
  await page.getByText('Themba Mokoena').click();
  await expect(page).toHaveURL(/\/reps\/view\/\d+$/);
  const clients = page.getByTestId('rep-clients');
  await expect(clients.getByRole('link', { name: 'Berea Wellness', exact: true })).toBeVisible();
  await expect(clients.getByRole('link', { name: 'Lerato Dlamini', exact: true })).toHaveCount(0);

  await clients.getByRole('button', { name: 'Link clients' }).click();
  const dialog = page.getByRole('dialog');
  const save = dialog.getByRole('button', { name: 'Save links' });
  await expect(dialog.getByRole('listitem').first()).toBeVisible();
  const before = await save.boundingBox();
  await dialog.getByLabel('Search all clients').fill('Lerato');
  // The search answers after its debounce and the list shrinks to the matches; the dialog keeps
  // its height, so "Save links" stays where the pointer is heading.
  await expect(dialog.getByRole('listitem').filter({ hasNotText: 'Lerato' })).toHaveCount(0);
  expect(await save.boundingBox()).toEqual(before);
  await dialog.getByRole('checkbox', { name: 'Lerato Dlamini' }).check();
  await expect(dialog.getByTestId('links-selected')).toHaveText('3 clients linked');
  await save.click();
  await expect(page.getByText('Client links saved')).toBeVisible();
  await expect(clients.getByRole('link', { name: 'Lerato Dlamini', exact: true })).toBeVisible();
});
