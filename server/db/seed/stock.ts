import { and, asc, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import { orderStatusHistory, orders, products, stockLevels, workOrders } from '../schema';
import { MEMBERSHIP_SKU } from '../../modules/products/membershipFee';
import { lockLevels, moveInProduction, recordMovements } from '../../modules/stock/levels';
import { ITEM_KEY_OF_PRODUCT, reserveOrder } from '../../modules/stock/reservations';
import type { DemoContext } from './demo';

/**
 * An opening count of every product on sale in every branch, then the demo's confirmed orders
 * (and those in production or ready) reserve in the order they were confirmed, as they would have:
 * the first product is short in every branch, so the oldest orders get it and a later one waits
 * on a backorder, which a work order planned for next week covers.
 */
export async function seedStock({ tx, branchIds, userIds }: DemoContext): Promise<void> {
  const productRows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.active, true), ne(products.sku, MEMBERSHIP_SKU)))
    .orderBy(asc(products.id));
  if (productRows.length === 0) return;
  const opening = new Date(Date.now() - 70 * 86400_000);
  const items = branchIds.flatMap((branchId) => productRows.map((product) => ({ branchId, productId: product.id, itemKey: ITEM_KEY_OF_PRODUCT })));
  await lockLevels(tx, items);
  await recordMovements(
    tx,
    items.map((item, index) => ({
      ...item,
      kind: 'count' as const,
      // A fixed spread: a couple of units of the first product, dozens of the rest.
      quantity: item.productId === productRows[0].id ? 2 : 20 + ((index * 37) % 60),
      reason: 'Opening count',
      userId: userIds.admin,
      at: opening,
    })),
  );
  const holding = await tx
    .select({ id: orders.id, confirmedAt: orderStatusHistory.at })
    .from(orders)
    .innerJoin(orderStatusHistory, and(eq(orderStatusHistory.orderId, orders.id), eq(orderStatusHistory.toStatus, 'confirmed')))
    .where(inArray(orders.status, ['confirmed', 'in_production', 'ready']))
    .orderBy(asc(orderStatusHistory.at), asc(orders.id));
  for (const order of holding) await reserveOrder(tx, order.id, { at: order.confirmedAt, by: userIds.production });
  const [short] = await tx
    .select({ branchId: stockLevels.branchId, productId: stockLevels.productId, backordered: stockLevels.backordered })
    .from(stockLevels)
    .where(gt(stockLevels.backordered, 0))
    .orderBy(desc(stockLevels.backordered), asc(stockLevels.branchId), asc(stockLevels.productId))
    .limit(1);
  if (short) {
    const item = { branchId: short.branchId, productId: short.productId, itemKey: ITEM_KEY_OF_PRODUCT };
    const plannedFor = new Date(Date.now() + 7 * 86400_000).toISOString().slice(0, 10);
    await tx.insert(workOrders).values({ ...item, quantity: short.backordered, plannedFor, createdBy: userIds.production });
    await moveInProduction(tx, item, short.backordered);
  }
}
