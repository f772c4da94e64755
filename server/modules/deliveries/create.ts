import { and, eq, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { deliveries, deliveryLines, orderLines, orders } from '../../db/schema';
import { recordAudit } from '../../audit/record';
import { conflict, notFound } from '../../http/errors';
import { domainEvents } from '../../events/domain';
import { documentNumber, nextSequence } from '../billing/numbering';
import { issueInvoiceForDelivery, type DeliveredShare } from '../billing/issue';
import { advanceOrderTo } from '../orders/service';
import { deliverReserved, reservedLeft, type WantedLine } from '../stock/deliver';
import { DELIVERABLE_STATUSES } from '../../../shared/deliveries/proof';

/** Delivery notes are numbered from the documents' gap-free counters, in their own series. */
export const DELIVERY_PREFIX = 'DEL-';

export interface NewDelivery {
  orderId: number;
  lines: WantedLine[];
  courier?: string;
  waybill?: string;
}

export interface DeliveryContext {
  publicUrl: string;
  at: Date;
  by: number | null;
}

/**
 * Goods of an order leave, in the caller's transaction: the order row is locked (one delivery of
 * an order at a time), the units move from the lines' reservations to delivered (refused beyond
 * what is reserved), the delivery note is numbered, a tax invoice is issued for exactly what left
 * (the last delivery's takes the rest of the order, lines that hold no stock included), and when
 * nothing is left to send the order moves on to `dispatched` by its own workflow. Answers the
 * delivery's id, or null when there was nothing to send (a dispatch of an order with nothing reserved).
 */
export async function deliverInTx(tx: Tx, context: DeliveryContext, request: NewDelivery): Promise<number | null> {
  const origin = { at: context.at, by: context.by };
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, reference: orders.reference, clientId: orders.clientId, branchId: orders.branchId })
    .from(orders)
    .where(eq(orders.id, request.orderId))
    .for('update');
  if (!order) throw Object.assign(notFound('Order'), { errors: { order_id: 'Order not found' } });
  if (!(DELIVERABLE_STATUSES as readonly string[]).includes(order.status)) {
    throw conflict('order_id', `Order ${order.reference} is ${order.status}: only a confirmed order on its way can leave in a delivery`);
  }
  const { taken, left } = await deliverReserved(tx, order.id, request.lines, origin);
  if (taken.length === 0) return null;
  // Trimmed once: the delivery, its audit and its event say the same courier and waybill.
  const courier = request.courier?.trim() ?? '';
  const waybill = request.waybill?.trim() ?? '';

  const sequence = await nextSequence(tx, 'delivery_note');
  const [delivery] = await tx
    .insert(deliveries)
    .values({
      sequence,
      number: documentNumber(DELIVERY_PREFIX, sequence),
      orderId: order.id,
      branchId: order.branchId,
      courier,
      waybill,
      createdBy: context.by,
      createdAt: context.at,
    })
    .returning({ id: deliveries.id, number: deliveries.number });
  await tx.insert(deliveryLines).values(taken.map((line) => ({ deliveryId: delivery.id, orderLineId: line.orderLineId, quantity: line.quantity })));

  const shares: DeliveredShare[] = taken.map(({ orderLineId, before, after }) => ({ orderLineId, before, after }));
  if (left === 0) {
    // The last delivery bills the rest of the order too: its lines that are no goods (hold no stock).
    const stockLines = taken.map((line) => line.orderLineId);
    const others = await tx
      .select({ id: orderLines.id, quantity: orderLines.quantity })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), notInArray(orderLines.id, stockLines)));
    const holding = new Set((await reservedLeft(tx, order.id)).map((line) => line.orderLineId));
    for (const line of others) if (!holding.has(line.id)) shares.push({ orderLineId: line.id, before: 0, after: line.quantity });
  }
  const invoice = await issueInvoiceForDelivery(tx, context.by, context.at, order.id, delivery.id, shares);

  const lines = taken.map((line) => ({ order_line_id: line.orderLineId, product_id: line.productId, quantity: line.quantity }));
  await recordAudit(tx, {
    userId: context.by,
    action: 'create_delivery',
    entity: 'delivery',
    entityId: delivery.id,
    data: { number: delivery.number, order_id: order.id, invoice_id: invoice?.id ?? null, courier, waybill, lines },
  });
  await domainEvents.publish(
    tx,
    'delivery.dispatched',
    {
      id: delivery.id,
      number: delivery.number,
      order_id: order.id,
      reference: order.reference,
      client_id: order.clientId,
      invoice_id: invoice?.id ?? null,
      courier,
      waybill,
      lines,
      at: context.at.toISOString(),
    },
    origin,
  );
  if (left === 0) await advanceOrderTo(tx, context.publicUrl, origin, order.id, 'dispatched');
  return delivery.id;
}
