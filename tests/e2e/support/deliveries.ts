import type { APIRequestContext } from '@playwright/test';
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
