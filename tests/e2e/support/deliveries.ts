import type { APIRequestContext, Page } from '@playwright/test';
import { apiGetAs } from './axe';

/** A POST on the API as the given user; its `data`, or a failure naming the call. */
export async function postAs<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' }, data });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

export interface OrderToDeliver {
  id: number;
  reference: string;
  lines: { id: number; product_id: number; quantity: number }[];
}

/**
 * A confirmed order of a client of its own, for one new product of `quantity` units with `stock`
 * units counted in the order's branch before the confirmation reserves them: as production
 * would find it, ready to leave (made by the admin through the API).
 */
export async function orderToDeliver(request: APIRequestContext, admin: string, { quantity, stock }: { quantity: number; stock: number }): Promise<OrderToDeliver> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
  const client = await postAs<{ id: number }>(request, admin, 'api/clients/save', { type: 'stockist', name: `Delivery client ${stamp}`, email: `delivery-${stamp.toLowerCase()}@example.com` });
  const product = await postAs<{ id: number }>(request, admin, 'api/products/save', { sku: `DEL-${stamp}`, name: `Delivered product ${stamp}`, price: 8_500 });
  const order = await postAs<{ id: number; branch_id: number }>(request, admin, 'api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity }] });
  await postAs(request, admin, 'api/stock/adjust', { branch_id: order.branch_id, product_id: product.id, quantity: stock, reason: 'Counted for a delivery test' });
  await postAs(request, admin, 'api/orders/updatestatus', { id: order.id, status: 'confirmed' });
  const read = await apiGetAs<{ data: OrderToDeliver }>(request, admin, `api/orders/order?id=${order.id}`);
  return read.data;
}

/** A delivery as api/deliveries/all answers it (what the browser tests read of it). */
export interface DeliveryAnswer {
  id: number;
  number: string;
  signed_by: string | null;
  delivered_at: string | null;
  lat: number | null;
  lng: number | null;
  has_photo: boolean;
  invoice_number: string | null;
  lines: { order_line_id: number; quantity: number }[];
}

/** The order's deliveries, as the admin (or whoever `token` is) reads them. */
export const deliveriesOf = (request: APIRequestContext, token: string, orderId: number): Promise<DeliveryAnswer[]> =>
  apiGetAs<{ data: DeliveryAnswer[] }>(request, token, `api/deliveries/all?order_id=${orderId}`).then((answer) => answer.data);

/** A signature drawn across the box with the mouse (pointer events, as a finger's). */
export async function sign(page: Page) {
  const box = (await page.getByTestId('signature-pad').boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (const [x, y] of [
    [0.3, 0.3],
    [0.45, 0.75],
    [0.6, 0.25],
    [0.85, 0.6],
  ])
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 5 });
  await page.mouse.up();
}

/** The proofs this page posts to api/deliveries/pod from now on, by their `Idempotency-Key`. */
export function proofPosts(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (call) => {
    if (call.method() === 'POST' && call.url().endsWith('/api/deliveries/pod')) keys.push(call.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

/** How many proofs of the delivery the server recorded (each is audited once, as `prove_delivery`). */
export async function proofsRecorded(request: APIRequestContext, admin: string, deliveryId: number): Promise<number> {
  const audit = await apiGetAs<{ data: unknown[] }>(request, admin, `api/admin/auditlog?entity=delivery&entity_id=${deliveryId}&action=prove_delivery&page=1&perPage=10`);
  return audit.data.length;
}
