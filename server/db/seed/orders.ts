import { eq, isNull } from 'drizzle-orm';
import { lineAmounts } from '../../../shared/billing/vat';
import { clients, orderLines, orderStatusHistory, orders, products, repClients, roles } from '../schema';
import type { RoleName } from '../../auth/roles';
import { pricesFor } from '../../modules/products/pricing';
import { rebuildDailyStats } from '../../modules/orders/dailyStats';
import { MEMBERSHIP_SKU } from '../../modules/orders/membership';
import { newTrackingToken } from '../../modules/orders/tracking';
import { orderStatuses, type OrderStatus } from '../../modules/orders/workflow';
import type { DemoContext } from './demo';

const DAY = 86400_000;
const COURIERS = ['The Courier Guy', 'Aramex', 'DSV', 'PostNet'];

/** The statuses an order passed through to reach `status`, in order. */
function pathTo(status: OrderStatus): OrderStatus[] {
  if (status === 'cancelled') return ['new', 'cancelled'];
  const forward = orderStatuses.filter((s) => s !== 'cancelled');
  return forward.slice(0, forward.indexOf(status) + 1);
}

/**
 * About fifty orders over the last two months, across every status and branch, for the members
 * and the reseller's clients; priced with the price service as the client would have been.
 * A fixed pseudo-random sequence keeps the demo the same on every fresh start.
 */
export async function seedOrders({ tx, userIds }: DemoContext): Promise<void> {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];

  const clientRows = await tx
    .select({ id: clients.id, type: clients.type, branchId: clients.branchId })
    .from(clients)
    .where(isNull(clients.archivedAt));
  const productRows = await tx.select({ id: products.id }).from(products).where(eq(products.active, true));
  const roleRows = await tx.select({ id: roles.id, name: roles.name }).from(roles);
  const linked = new Set((await tx.select({ clientId: repClients.clientId }).from(repClients)).map((row) => row.clientId));
  if (!clientRows.length || !productRows.length) return;

  const priceBook = new Map<string, Map<number, number>>();
  for (const type of new Set(clientRows.map((c) => c.type))) {
    const role = type as RoleName;
    const roleId = roleRows.find((r) => r.name === role)!.id;
    priceBook.set(type, await pricesFor(tx, { role, roleId }, productRows.map((p) => p.id)));
  }

  const weights: OrderStatus[] = ['new', 'new', 'confirmed', 'confirmed', 'in_production', 'ready', 'dispatched', 'delivered', 'delivered', 'delivered', 'cancelled'];
  const now = Date.now();
  for (let i = 0; i < 50; i += 1) {
    const client = clientRows[i % clientRows.length];
    const status = pick(weights);
    const createdAt = new Date(now - Math.floor(random() * 60 * DAY) - 3600_000);
    const lines = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, index) => {
      const productId = pick(productRows).id;
      const quantity = 1 + Math.floor(random() * 12);
      const unitPrice = priceBook.get(client.type)!.get(productId)!;
      // The demo catalogue is standard-rated with VAT-inclusive prices (the billing settings' default).
      const { vat, total } = lineAmounts({ quantity, unit_price: unitPrice, vat_class: 'standard', rate_bp: 1500 }, true);
      return { position: index + 1, productId, quantity, unitPrice, vat, total };
    });
    const shipped = ['dispatched', 'delivered'].includes(status);
    const createdBy = client.type === 'stockist' && client.id === clientRows[0].id ? userIds.stockist : linked.has(client.id) && random() < 0.5 ? userIds.reseller : userIds.admin;
    const [order] = await tx
      .insert(orders)
      .values({
        clientId: client.id,
        branchId: client.branchId ?? clientRows[0].branchId!,
        createdBy,
        status,
        total: lines.reduce((sum, line) => sum + line.total, 0),
        vat: lines.reduce((sum, line) => sum + line.vat, 0),
        token: newTrackingToken(),
        courierName: shipped ? pick(COURIERS) : '',
        trackingNumber: shipped ? `TRK${100000 + Math.floor(random() * 900000)}` : '',
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: orders.id });
    await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: order.id })));
    const path = pathTo(status);
    await tx.insert(orderStatusHistory).values(
      path.map((to, step) => ({
        orderId: order.id,
        fromStatus: step === 0 ? null : path[step - 1],
        toStatus: to,
        userId: step === 0 ? createdBy : userIds.production,
        at: new Date(Math.min(createdAt.getTime() + step * 6 * 3600_000, now)),
      })),
    );
  }
  // The membership fee that orders/membership_order charges (a catalogue product like any other).
  await tx.insert(products).values({ sku: MEMBERSHIP_SKU, name: 'Annual membership', description: 'One year of membership.', price: 95_000 });
  await rebuildDailyStats(tx);
}
