import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { billingDocuments, deliveries, deliveryLines, orderLines, orders, products } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { notFound } from '../../http/errors';
import { ordersVisibleTo } from '../orders/access';
import type { DeliveryRecord } from './wire';

/** A list without an order asked for shows the latest deliveries, at most this many. */
const LATEST = 100;

/**
 * Deliveries the caller may see (those of orders it may see: a member its own client's), with
 * their lines and invoice, newest first. The signature and photo bytes are never read here.
 */
export async function listDeliveries(db: Db | Tx, user: CurrentUser, { orderId, ids }: { orderId?: number; ids?: number[] }): Promise<DeliveryRecord[]> {
  const rows = await db
    .select({
      id: deliveries.id,
      number: deliveries.number,
      order_id: deliveries.orderId,
      order_reference: orders.reference,
      client_id: orders.clientId,
      branch_id: deliveries.branchId,
      courier: deliveries.courier,
      waybill: deliveries.waybill,
      created_at: deliveries.createdAt,
      created_by: deliveries.createdBy,
      invoice_id: billingDocuments.id,
      invoice_number: billingDocuments.number,
      signed_by: deliveries.signedBy,
      delivered_at: deliveries.deliveredAt,
      captured_at: deliveries.podCapturedAt,
      lat: deliveries.podLat,
      lng: deliveries.podLng,
      has_photo: sql<boolean>`${deliveries.podPhoto} is not null`,
    })
    .from(deliveries)
    .innerJoin(orders, eq(orders.id, deliveries.orderId))
    .leftJoin(billingDocuments, and(eq(billingDocuments.deliveryId, deliveries.id), eq(billingDocuments.type, 'invoice')))
    .where(and(ordersVisibleTo(user), orderId ? eq(deliveries.orderId, orderId) : undefined, ids ? inArray(deliveries.id, ids) : undefined))
    .orderBy(desc(deliveries.id))
    .limit(orderId || ids ? 10_000 : LATEST);
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      delivery_id: deliveryLines.deliveryId,
      order_line_id: deliveryLines.orderLineId,
      product_id: orderLines.productId,
      product_name: products.name,
      sku: products.sku,
      quantity: deliveryLines.quantity,
      position: orderLines.position,
    })
    .from(deliveryLines)
    .innerJoin(orderLines, eq(orderLines.id, deliveryLines.orderLineId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(inArray(deliveryLines.deliveryId, rows.map((row) => row.id)))
    .orderBy(orderLines.position);
  const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);
  return rows.map((row) => ({
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    delivered_at: iso(row.delivered_at),
    captured_at: iso(row.captured_at),
    has_photo: Boolean(row.has_photo),
    lines: lines.filter((line) => line.delivery_id === row.id).map(({ delivery_id: _d, position: _p, ...line }) => line),
  }));
}

/** One delivery the caller may see; 404 naming `id` otherwise. */
export async function getDelivery(db: Db | Tx, user: CurrentUser, id: number, field = 'id'): Promise<DeliveryRecord> {
  const [delivery] = await listDeliveries(db, user, { ids: [id] });
  if (!delivery) throw Object.assign(notFound('Delivery'), { errors: { [field]: 'Delivery not found' } });
  return delivery;
}
