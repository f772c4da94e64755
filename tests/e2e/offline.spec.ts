import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectBackOffice, signIn } from './support';
import { apiGetAs, apiSignIn, axeFindings, message, useSession } from './support/axe';
import { deliveriesOf, orderToDeliver, postAs, proofPosts, proofsRecorded, sign, type DeliveryAnswer } from './support/deliveries';

/**
 * The phone app that survives a dropped connection: the installed app (service worker,
 * query cache kept on the device) opens offline, takes orders and proofs of delivery, keeps them
 * through a reload and sends each exactly once when the connection is back.
 */
test.use({ serviceWorkers: 'allow' });

const CLIENT = 'Karoo Health Store';

async function ordersOf(request: APIRequestContext, token: string, clientId: number, marker: string): Promise<number> {
  const list = await apiGetAs<{ data: { id: number }[] }>(request, token, `/api/orders/all?client_id=${clientId}&page=1&perPage=50&sort=created_at&order=DESC`);
  let found = 0;
  for (const { id } of list.data) {
    const order = await apiGetAs<{ data: { notes: string } }>(request, token, `/api/orders/order?id=${id}`);
    if (order.data.notes.includes(marker)) found += 1;
  }
  return found;
}

/** The persisted query cache has been written (it is written a moment after the screens' data changes). */
async function cacheHolds(page: Page, text: string): Promise<boolean> {
  return page.evaluate(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('portal-query-cache');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) return resolve(false);
          const read = db.transaction('entries').objectStore('entries').get('cache');
          read.onsuccess = () => resolve(JSON.stringify(read.result ?? null).includes(wanted));
          read.onerror = () => resolve(false);
        };
      }),
    text,
  );
}

async function addProduct(page: Page, search: string, option: RegExp, online = false): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Add a product (search by name or SKU)' });
  // Online, the option is picked from this search's own answer (not the list shown while it comes):
  // that answer is what the phone keeps for later.
  const answered = online ? page.waitForResponse((r) => r.url().includes('/api/products/all') && new URL(r.url()).searchParams.get('q') === search) : null;
  await picker.fill(search);
  await answered;
  await page.getByRole('option', { name: option }).click();
}

test('offline, a rep places two orders, reloads, and each is made exactly once when back online', async ({ page, context, request }) => {
  // Several sign-ins and screens in one flow: on CI's two loaded cores (both API runs beside the
  // browser tests) these took 35–45 s of the default 60, as the other whole-flow tests here have their own limit.
  test.setTimeout(120_000);
  const admin = await apiSignIn(request, 'admin@example.com');
  await page.goto('/login');
  await signIn(page, 'reseller@example.com');
  await expectBackOffice(page);
  await page.getByTestId('rep-clients').getByRole('link', { name: CLIENT, exact: true }).click();
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page).toHaveURL(/\/create-order\/\d+$/);
  const clientId = Number(new URL(page.url()).pathname.split('/').pop());

  // Online: the app installs (its worker controls the page) and the products are searched once.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  await addProduct(page, 'Zinc', /Zinc 25 mg/, true);
  await addProduct(page, 'Vitamin C', /Vitamin C 500 mg/, true);
  await expect(page.getByTestId('draft-total')).toHaveText(/R\s?\d/);
  // Both searches' answers are kept on the device (a query key ends with the text searched).
  await expect.poll(async () => (await cacheHolds(page, '"Zinc"]')) && (await cacheHolds(page, '"Vitamin C"]')), { timeout: 10_000 }).toBe(true);
  // A fresh draft: the lines above were only for seeing the products.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();

  const marker = `offline-${Date.now()}`;
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  for (const [index, [search, option]] of ([['Zinc', /Zinc 25 mg/], ['Vitamin C', /Vitamin C 500 mg/]] as const).entries()) {
    await addProduct(page, search, option);
    await expect(page.getByTestId('draft-total-offline')).toBeVisible();
    await page.getByLabel('Notes').fill(`${marker} #${index + 1}`);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('No connection: the order is kept on this device')).toBeVisible();
    await expect(page.getByTestId('waiting-outbox')).toContainText(index === 0 ? '1 order waiting to send' : '2 orders waiting to send');
  }

  // Still offline, the page reloads from the installed app, the orders still waiting.
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('waiting-outbox')).toContainText('2 orders waiting to send');
  await expect(page.getByTestId('waiting-outbox')).toContainText(CLIENT);
  expect(await ordersOf(request, admin, clientId, marker)).toBe(0);

  await context.setOffline(false);
  await expect(page.getByTestId('waiting-outbox')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  expect(await ordersOf(request, admin, clientId, marker)).toBe(2);
  // Each once: another chance to send (a reload) sends nothing again.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
  expect(await ordersOf(request, admin, clientId, `${marker} #1`)).toBe(1);
  expect(await ordersOf(request, admin, clientId, `${marker} #2`)).toBe(1);
});

test('offline, a proof of delivery signed on a phone survives a reload and is sent once when back online', async ({ page, context, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await apiSignIn(request, 'admin@example.com');
  const order = await orderToDeliver(request, admin, { quantity: 2, stock: 2 });
  const delivery = await postAs<DeliveryAnswer>(request, admin, 'api/deliveries/create', { order_id: order.id, lines: [{ order_line_id: order.lines[0].id, quantity: 2 }] });
  await useSession(page, 'en', await apiSignIn(request, 'production@example.com'));
  await page.goto(`/deliveries/${delivery.id}/proof`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(`Proof of delivery ${delivery.number}`);
  // Online: the app installs (its worker controls the page) and keeps the delivery it showed.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => cacheHolds(page, delivery.number), { timeout: 10_000 }).toBe(true);

  const sent = proofPosts(page);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await sign(page);
  await page.getByLabel('Name of the receiver').fill('Lindiwe Dube');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('proof-waiting')).toContainText('Signed by Lindiwe Dube');
  await expect(page.getByTestId('waiting-outbox')).toContainText(`Proof of delivery of ${delivery.number}`);

  // Still offline, the page reloads from the installed app: the delivery and its waiting proof are there.
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(heading).toHaveText(`Proof of delivery ${delivery.number}`);
  await expect(page.getByTestId('proof-waiting')).toContainText('Signed by Lindiwe Dube');
  await expect(page.getByTestId('waiting-outbox')).toContainText(`Proof of delivery of ${delivery.number}`);
  expect(sent).toEqual([]);
  expect((await deliveriesOf(request, admin, order.id))[0]!.delivered_at).toBeNull();

  await context.setOffline(false);
  await expect(page.getByTestId('proof-done')).toContainText('Signed for by Lindiwe Dube');
  await expect(page.getByTestId('waiting-outbox')).toHaveCount(0);
  expect(sent).toHaveLength(1);
  const [proved] = await deliveriesOf(request, admin, order.id);
  expect(proved).toMatchObject({ id: delivery.id, signed_by: 'Lindiwe Dube' });
  expect(proved!.delivered_at).not.toBeNull();
  expect(await proofsRecorded(request, admin, delivery.id)).toBe(1);
});

for (const locale of ['en', 'ar'] as const) {
  test(`the offline banner and the waiting orders pass axe on a phone (${locale})`, async ({ page, context, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useSession(page, locale, await apiSignIn(request, 'stockist@example.com'));
    await page.goto('/create-order');
    const picker = page.getByRole('combobox', { name: message(locale, 'orders.create.add_product') });
    await picker.fill('Zinc');
    await expect(page.getByRole('option', { name: /Zinc 25 mg/ })).toBeVisible();
    await picker.fill('');

    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toHaveText(message(locale, 'offline.banner'));
    await picker.fill('Zinc');
    await page.getByRole('option', { name: /Zinc 25 mg/ }).click();
    await page.getByRole('button', { name: message(locale, 'orders.create.place') }).click();
    await expect(page.getByTestId('waiting-outbox')).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await axeFindings(page, `offline create order (${locale}, 390 px)`)).toEqual([]);
  });
}

/**
 * Back online, the screens refresh by themselves: what failed or waited without a connection is
 * asked again when it returns (the account card, the orders list), and no "Failed to fetch" is
 * left on screen. The order placed meanwhile (elsewhere) is in the list without a reload.
 */
test.describe('back online', () => {
  test.use({ serviceWorkers: 'block' });
  for (const locale of ['en', 'ar'] as const) {
    test(`the member's page refreshes itself when the connection returns (${locale})`, async ({ page, context, request }) => {
      const token = await apiSignIn(request, 'stockist@example.com');
      const core = await apiGetAs<{ data: { user: { client: { id: number } } } }>(request, token, '/api/auth/core');
      const clientId = core.data.user.client.id;
      await useSession(page, locale, token);
      await page.goto(`/clients/view/${clientId}`);
      await expect(page.getByTestId('account-balance')).toBeVisible();
      const menu = page.getByRole('navigation');
      // Another screen first, so that coming back asks for the account again.
      await menu.getByRole('link', { name: message(locale, 'app.menu.create_order') }).click();
      await expect(page.getByRole('button', { name: message(locale, 'orders.create.place') })).toBeVisible();

      await context.setOffline(true);
      await expect(page.getByTestId('offline-banner')).toBeVisible();
      await menu.getByRole('link', { name: message(locale, 'app.menu.my_client') }).click();
      await expect(page).toHaveURL(new RegExp(`/clients/view/${clientId}$`));
      // Placed elsewhere (another device) while this one has no connection.
      const placed = await request.post('/api/orders/create', {
        headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
        data: { client_id: clientId, lines: [{ product_id: (await apiGetAs<{ data: { id: number }[] }>(request, token, '/api/products/all?active=true&page=1&perPage=1&sort=name&order=ASC')).data[0]!.id, quantity: 1 }] },
      });
      expect(placed.status()).toBe(201);
      const reference = ((await placed.json()) as { data: { reference: string } }).data.reference;
      await expect(page.getByText(reference)).toHaveCount(0);

      await context.setOffline(false);
      await expect(page.getByTestId('offline-banner')).toHaveCount(0);
      await expect(page.getByTestId('account-balance')).toBeVisible();
      await expect(page.getByText(reference).first()).toBeVisible();
      await expect(page.getByText('Failed to fetch')).toHaveCount(0);
      await expect(page.getByRole('alert').filter({ hasText: message(locale, 'app.retry') })).toHaveCount(0);
      expect(await axeFindings(page, `member's page back online (${locale})`)).toEqual([]);
    });
  }
});
