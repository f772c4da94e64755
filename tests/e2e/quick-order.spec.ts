import { expect, test } from '@playwright/test';
import { expectBackOffice, signIn } from './support';
import { apiSignIn, axeFindings, message, useSession } from './support/axe';

/**
 * Quick order: codes and quantities typed or pasted, one per line. The good lines join
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

/**
 * "Order again": a past order's lines become a new draft at today's prices; a product no
 * longer sold is left out and named.
 */
test('order again drafts a past order at today\'s prices and names what is no longer sold', async ({ page, request }) => {
  const as = (token: string) => ({ Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' });
  const admin = as(await apiSignIn(request, 'admin@example.com'));
  const stockistToken = await apiSignIn(request, 'stockist@example.com');
  const stockist = as(stockistToken);
  const stamp = Date.now().toString(36).toUpperCase();
  const save = async (data: Record<string, unknown>) => {
    const response = await request.post('/api/products/save', { headers: admin, data });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { data: { id: number; sku: string; name: string; price: number } }).data;
  };
  const kept = await save({ sku: `AGAIN-K-${stamp}`, name: `Again kept ${stamp}`, price: 1_000 });
  const retired = await save({ sku: `AGAIN-R-${stamp}`, name: `Again retired ${stamp}`, price: 2_000 });
  const core = (await (await request.get('/api/auth/core', { headers: stockist })).json()) as { data: { user: { client: { id: number } } } };
  const placed = await request.post('/api/orders/create', {
    headers: stockist,
    data: { client_id: core.data.user.client.id, lines: [{ product_id: kept.id, quantity: 4 }, { product_id: retired.id, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  const orderId = ((await placed.json()) as { data: { id: number } }).data.id;
  await save({ id: retired.id, sku: retired.sku, name: retired.name, price: retired.price, active: false });

  // On a phone held upright: the notices fit its width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript((token) => {
    localStorage.setItem('x_token', token);
    localStorage.setItem('auth.currentUser', token);
  }, stockistToken);
  await page.goto(`/client/view/order/${orderId}`);
  await page.getByRole('link', { name: 'Order again' }).click();
  await expect(page).toHaveURL(new RegExp(`/create-order\\?from_order=${orderId}$`));
  await expect(page.getByText('1 line of the past order added at today\'s prices.')).toBeVisible();
  await expect(page.getByTestId('order-again-left-out')).toContainText(`Again retired ${stamp} (${retired.sku}), quantity 1`);
  await expect(page.getByLabel(`Quantity Again kept ${stamp}`)).toHaveValue('4');
  await expect(page.getByLabel(`Quantity Again retired ${stamp}`)).toHaveCount(0);
  await expect(page.getByTestId('draft-total').first()).toHaveText(/R\s?\d/);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

/**
 * "Order again" keeps each line's options (pack size, flavour): the selects come back chosen as
 * they were ordered; an option the product no longer offers is named on its line, to be chosen
 * again. Quick order adds its lines beside them without touching what was chosen.
 */
for (const locale of ['en', 'ar'] as const) {
  test(`order again keeps the lines' options and names one no longer offered (${locale})`, async ({ page, request }) => {
    const as = (token: string) => ({ Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' });
    const admin = as(await apiSignIn(request, 'admin@example.com'));
    const stockistToken = await apiSignIn(request, 'stockist@example.com');
    const stockist = as(stockistToken);
    const stamp = `${locale}${Date.now().toString(36)}`.toUpperCase();
    const post = async <T>(path: string, data: Record<string, unknown>) => {
      const response = await request.post(path, { headers: admin, data });
      expect(response.ok(), await response.text()).toBe(true);
      return ((await response.json()) as { data: T }).data;
    };
    type Property = { id: number; values: { id: number; value: string }[] };
    const pack = await post<Property>('/api/products/saveproperty', { name: `Pack ${stamp}`, values: [{ value: '60 caps' }, { value: '120 caps' }] });
    const flavour = await post<Property>('/api/products/saveproperty', { name: `Flavour ${stamp}`, values: [{ value: 'Lemon' }, { value: 'Berry' }] });
    const [, big] = pack.values;
    const [lemon, berry] = flavour.values;
    const offered = [...pack.values.map((v) => v.id), lemon!.id, berry!.id];
    const product = await post<{ id: number; sku: string; name: string; price: number }>('/api/products/save', { sku: `OPT-${stamp}`, name: `Options ${stamp}`, price: 1_500, property_value_ids: offered });
    const core = (await (await request.get('/api/auth/core', { headers: stockist })).json()) as { data: { user: { client: { id: number } } } };
    const placed = await request.post('/api/orders/create', {
      headers: stockist,
      data: { client_id: core.data.user.client.id, lines: [{ product_id: product.id, quantity: 2, property_value_ids: [big!.id, berry!.id] }] },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = ((await placed.json()) as { data: { id: number } }).data.id;
    // Berry is no longer offered for this product.
    await post('/api/products/save', { id: product.id, sku: product.sku, name: product.name, price: product.price, property_value_ids: offered.filter((id) => id !== berry!.id) });

    await useSession(page, locale, stockistToken);
    await page.goto(`/create-order?from_order=${orderId}`);
    await expect(page.getByLabel(`${message(locale, 'orders.create.quantity')} ${product.name}`)).toHaveValue('2');
    await expect(page.getByRole('combobox', { name: `Pack ${stamp}` })).toHaveText('120 caps');
    await expect(page.getByRole('combobox', { name: `Flavour ${stamp}` })).not.toContainText('Berry');
    const gone = page.getByTestId('order-again-options-gone');
    await expect(gone).toContainText(product.name);
    await expect(gone).toContainText(`Flavour ${stamp}: Berry`);

    // Quick order adds a line; the past order's line keeps its option.
    await page.getByRole('textbox', { name: message(locale, 'orders.quick.label') }).fill('ZINC-25 1');
    await page.getByRole('button', { name: message(locale, 'orders.quick.add') }).click();
    await expect(page.getByLabel(`${message(locale, 'orders.create.quantity')} Zinc 25 mg`)).toHaveValue('1');
    await expect(page.getByRole('combobox', { name: `Pack ${stamp}` })).toHaveText('120 caps');
    await expect(page.getByTestId('draft-total').first()).toHaveText(/\d/);
    expect(await axeFindings(page, `order again with options (${locale})`)).toEqual([]);
  });
}
