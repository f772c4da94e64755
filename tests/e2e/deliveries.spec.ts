import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiGetAs, apiSignIn, useSession } from './support/axe';
import { deliveriesOf, orderToDeliver, postAs, proofPosts, proofsRecorded, sign, type DeliveryAnswer } from './support/deliveries';
import { paintPng } from '../../server/db/seed/png';

/**
 * Deliveries in the browser: the admin sends an order from its view in a "New delivery" (a
 * refusal said beside the line it names first), downloads the delivery note and the picking slip;
 * then production, on a 390 px phone, opens the delivery's proof from the order, the receiver
 * signs on the screen and types their name, a photo is taken; offline, Send keeps the proof on the
 * phone, and back online it is sent once: the server has one proof, and the order is delivered.
 * The same proof sent again with its key is still one proof.
 */

/** A photo of the goods as some phones give it, a PNG: the screen redraws it as the JPEG the server takes. */
const PHOTO = paintPng(640, 480, (x, y) => [(x * 7) % 256, (y * 5) % 256, 90]);
/** A PNG's signature and a little more: enough for the server's check of what a signature is. */
const PNG = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(64, 1)]);
const CAPE_TOWN = { latitude: -33.9249, longitude: 18.4241 };

/** The proof as a phone posts it, straight to the API. */
const postProof = (request: APIRequestContext, token: string, deliveryId: number, signedBy: string, key: string) =>
  request.post('api/deliveries/pod', {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest', 'Idempotency-Key': key },
    multipart: { delivery_id: String(deliveryId), signed_by: signedBy, captured_at: new Date().toISOString(), signature: { name: 'signature.png', mimeType: 'image/png', buffer: PNG } },
  });

/** A download started by `click`, read whole. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

test('an order leaves in deliveries from its view, and the last one is proven on a phone offline, sent once when back online', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const admin = await apiSignIn(request, 'admin@example.com');
  const production = await apiSignIn(request, 'production@example.com');
  const order = await orderToDeliver(request, admin, { quantity: 3, stock: 3 });
  const line = order.lines[0];

  await useSession(page, 'en', admin);
  await page.goto(`/orders/view/order/${order.id}`);
  const section = page.getByTestId('order-deliveries');
  await expect(section.getByText('No deliveries yet.')).toBeVisible();

  // The picking slip of what is reserved to pick.
  const slip = await downloaded(page, () => section.getByRole('button', { name: `Picking slip ${order.reference}` }).click());
  expect(slip.bytes.subarray(0, 5).toString()).toBe('%PDF-');

  await section.getByRole('button', { name: 'New delivery' }).click();
  const dialog = page.getByRole('dialog', { name: `New delivery of ${order.reference}` });
  const quantity = dialog.getByRole('textbox', { name: /Delivered product/ });
  // Everything reserved, to begin with.
  await expect(quantity).toHaveValue('3');
  // Meanwhile one unit leaves by another hand: three are no longer reserved.
  const first = await postAs<DeliveryAnswer>(request, admin, 'api/deliveries/create', { order_id: order.id, lines: [{ order_line_id: line.id, quantity: 1 }] });
  await dialog.getByLabel('Waybill').fill('  WB-E2E-1 ');
  await dialog.getByRole('button', { name: 'Create the delivery' }).click();
  await page.getByRole('dialog', { name: 'Create this delivery?' }).getByRole('button', { name: 'Create the delivery' }).click();
  // Refused (409 naming lines.0.quantity): said beside that line, nothing made.
  await expect(quantity).toHaveAccessibleDescription(/3 asked, 2 reserved/);
  expect((await deliveriesOf(request, admin, order.id)).map((d) => d.id)).toEqual([first.id]);

  await quantity.fill('2');
  await dialog.getByRole('button', { name: 'Create the delivery' }).click();
  await page.getByRole('dialog', { name: 'Create this delivery?' }).getByRole('button', { name: 'Create the delivery' }).click();
  await expect(dialog).toBeHidden();
  const made = (await deliveriesOf(request, admin, order.id)).find((d) => d.id !== first.id)!;
  expect(made.lines).toEqual([expect.objectContaining({ order_line_id: line.id, quantity: 2 })]);
  await expect(page.getByText(`Delivery ${made.number} created`)).toBeVisible();
  // Nothing left to send: the order is dispatched, and lists both deliveries, newest first.
  await expect(page.getByTestId('order-status')).toHaveText('Dispatched');
  // Each delivery billed what left: both invoices are on the order, oldest first.
  await expect(page.getByTestId('order-invoice')).toHaveText([first.invoice_number!, made.invoice_number!]);
  const rows = section.getByTestId('delivery-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(made.number);
  await expect(rows.nth(0)).toContainText('Waybill: WB-E2E-1');
  await expect(rows.nth(0)).toContainText(`2 × `);
  await expect(section.getByRole('button', { name: 'New delivery' })).toBeDisabled();

  const note = await downloaded(page, () => rows.nth(0).getByRole('button', { name: `Delivery note ${made.number}` }).click());
  expect(note.name).toContain(made.number);
  expect(note.bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // The first delivery's proof came in by another phone.
  expect((await postProof(request, production, first.id, 'Sipho Mokoena', `first-${first.id}-${Date.now()}`)).status()).toBe(200);

  // Production, on a phone, where the position is known.
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(CAPE_TOWN);
  await page.setViewportSize({ width: 390, height: 844 });
  await useSession(page, 'en', production);
  await page.goto(`/orders/view/order/${order.id}`);
  await section.getByRole('link', { name: `Proof of delivery ${made.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/deliveries/${made.id}/proof$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Proof of delivery ${made.number}`);
  await expect(page.getByTestId('proof-position')).toHaveText('Position kept: -33.92490, 18.42410');
  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await sign(page);
  await page.getByLabel('Name of the receiver').fill('Thandi Nkosi');
  await page.locator('input[type="file"][name="photo"]').setInputFiles({ name: 'goods.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(page.getByTestId('proof-photo')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const sent = proofPosts(page);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await send.click();
  await expect(page.getByTestId('proof-waiting')).toContainText('Signed by Thandi Nkosi');
  await expect(page.getByTestId('waiting-outbox')).toContainText(`Proof of delivery of ${made.number}`);
  expect(sent).toEqual([]);
  expect((await deliveriesOf(request, admin, order.id)).find((d) => d.id === made.id)!.delivered_at).toBeNull();

  await context.setOffline(false);
  await expect(page.getByTestId('proof-done')).toContainText('Signed for by Thandi Nkosi');
  await expect(page.getByTestId('waiting-outbox')).toBeHidden();
  expect(sent).toHaveLength(1);
  const proved = (await deliveriesOf(request, admin, order.id)).find((d) => d.id === made.id)!;
  expect(proved).toMatchObject({ signed_by: 'Thandi Nkosi', has_photo: true, lat: CAPE_TOWN.latitude, lng: CAPE_TOWN.longitude });
  expect(proved.delivered_at).not.toBeNull();
  const read = await apiGetAs<{ data: { status: string } }>(request, admin, `api/orders/order?id=${order.id}`);
  expect(read.data.status).toBe('delivered');

  // The same proof again with its key (an outbox that sent twice): one proof, as it was.
  const again = await postProof(request, production, made.id, 'Somebody else', sent[0]);
  expect(again.status()).toBe(200);
  expect(((await again.json()) as { data: DeliveryAnswer }).data).toMatchObject({ id: made.id, signed_by: 'Thandi Nkosi' });
  expect(await proofsRecorded(request, admin, made.id)).toBe(1);
});

test.describe('on a phone held upright', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the deliveries section, the new delivery dialog and the proof screen fit a 390 px phone in Arabic', async ({ page, request }) => {
    const admin = await apiSignIn(request, 'admin@example.com');
    const production = await apiSignIn(request, 'production@example.com');
    // One unit more than the stock: one stays backordered, said beside the line in the dialog.
    const order = await orderToDeliver(request, admin, { quantity: 3, stock: 2 });
    const delivery = await postAs<DeliveryAnswer>(request, admin, 'api/deliveries/create', { order_id: order.id, lines: [{ order_line_id: order.lines[0].id, quantity: 1 }], courier: 'Dawn Wing', waybill: 'WB-AR-1' });
    await useSession(page, 'ar', production);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    await page.goto(`/orders/view/order/${order.id}`);
    const section = page.getByTestId('order-deliveries');
    await expect(section.getByRole('heading', { name: 'عمليات التسليم' })).toBeVisible();
    await expect(section.getByTestId('delivery-row')).toContainText(delivery.number);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await section.getByRole('button', { name: 'تسليم جديد' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox', { name: /Delivered product/ })).toHaveValue('1');
    await expect(dialog.getByRole('textbox', { name: /Delivered product/ })).toHaveAccessibleDescription('المحجوز: 1 · المؤجل: 1، لا يخرج بعد');
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'إلغاء' }).click();

    await section.getByRole('link', { name: `إثبات التسليم ${delivery.number}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`إثبات التسليم ${delivery.number}`);
    const pad = (await page.getByTestId('signature-pad').boundingBox())!;
    expect(pad.x).toBeGreaterThanOrEqual(0);
    expect(pad.x + pad.width).toBeLessThanOrEqual(390);
    await expect(page.getByRole('button', { name: 'إرسال' })).toBeVisible();
    // Not a picture the phone can read: said at once, nothing kept to send.
    await page.locator('input[type="file"][name="photo"]').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(6 * 1024 * 1024, 32) });
    await expect(page.getByText('لا يمكن استخدام هذه الصورة', { exact: false })).toBeVisible();
    await expect(page.getByTestId('proof-photo')).toHaveCount(0);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
