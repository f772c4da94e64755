import { count, eq } from 'drizzle-orm';
import type { DomainEvents } from '../../events/domain';
import { deliveries, orders } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { ModuleDeps } from '../deps';
import { reservedLeft } from '../stock/deliver';
import { deliverInTx } from './create';

/**
 * An order moved to `dispatched` by hand (`orders/updatestatus`) sends, in that transaction,
 * everything its lines hold reserved and not yet delivered in one delivery, with the order's
 * courier and tracking number, and the invoice of what left. Registered before billing's invoice
 * at dispatch, which then finds the order invoiced and issues none; an order with nothing
 * reserved (no goods, or all backordered) gets billing's invoice of the whole order as before.
 */
export function subscribeDeliveries(events: DomainEvents, deps: Pick<ModuleDeps, 'publicUrl'>): void {
  // What left is on its delivery notes and invoices: an order partly delivered keeps its lines.
  events.subscribe('order.lines_replaced', {
    kind: 'in_transaction',
    name: 'deliveries.keep_delivered_lines',
    async handle(tx, { data }) {
      const [sent] = await tx.select({ n: count() }).from(deliveries).where(eq(deliveries.orderId, data.id));
      if (sent.n > 0) throw new HttpError(409, `Order ${data.reference} has left in part: its lines can no longer be changed`, { lines: 'partly delivered' });
    },
  });
  events.subscribe('order.status_changed', {
    kind: 'in_transaction',
    name: 'deliveries.send_rest_at_dispatch',
    async handle(tx, { data, at, by }) {
      if (data.to !== 'dispatched') return;
      const lines = (await reservedLeft(tx, data.id)).filter((line) => line.reserved > 0);
      if (lines.length === 0) return;
      const [order] = await tx.select({ courier: orders.courierName, waybill: orders.trackingNumber }).from(orders).where(eq(orders.id, data.id));
      await deliverInTx(
        tx,
        { publicUrl: deps.publicUrl, at, by },
        {
          orderId: data.id,
          lines: lines.map((line, index) => ({ orderLineId: line.orderLineId, quantity: line.reserved, field: `lines.${index}` })),
          courier: order.courier,
          waybill: order.waybill,
        },
      );
    },
  });
}
