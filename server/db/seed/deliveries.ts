import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { deliveries, jobs, orders, stockReservations } from '../schema';
import { deliverInTx } from '../../modules/deliveries/create';
import { advanceOrderTo } from '../../modules/orders/service';
import type { DemoContext } from './demo';
import { paintPng } from './png';

/** A drawn signature as the phone sends it: a small PNG (enough to show the proof is there). */
const DEMO_SIGNATURE = paintPng(1, 1, () => [0, 0, 0]);

/**
 * After the stock seed: a ready order whose lines hold everything leaves whole in one delivery
 * (its invoice with it), is signed for on the phone and is delivered; another order holding stock
 * leaves in part (one unit of its first line), the rest still to send.
 */
export async function seedDeliveries(context: DemoContext): Promise<void> {
  // The deliveries are history, written by the same code as a real one, but nobody is told of
  // them now: the invoice and status mails their steps queued go with the seed's transaction
  // (no worker has seen them), as the other seeds, which write their rows directly, queue none.
  const [{ last }] = await context.tx.select({ last: sql<number>`coalesce(max(${jobs.id}), 0)::int` }).from(jobs);
  await deliverDemoOrders(context);
  await context.tx.delete(jobs).where(gt(jobs.id, last));
}

async function deliverDemoOrders({ tx, userIds }: DemoContext): Promise<void> {
  const holding = await tx
    .select({ id: orders.id, status: orders.status, waiting: sql<number>`sum(${stockReservations.backordered})::int` })
    .from(orders)
    .innerJoin(stockReservations, eq(stockReservations.orderId, orders.id))
    .where(inArray(orders.status, ['confirmed', 'in_production', 'ready']))
    .groupBy(orders.id, orders.status)
    .orderBy(asc(orders.id));
  const whole = holding.find((order) => order.status === 'ready' && order.waiting === 0) ?? holding.find((order) => order.waiting === 0);
  // Today, as every other seed's documents: an invoice issued on an earlier day would leave the
  // debtors' balances aged as of that day, and the first read of the debtors would age them again.
  const now = new Date();
  const context = { publicUrl: '', at: now, by: userIds.production };
  if (whole) {
    const lines = await tx.select().from(stockReservations).where(and(eq(stockReservations.orderId, whole.id), gt(stockReservations.reserved, 0)));
    const id = await deliverInTx(tx, context, {
      orderId: whole.id,
      lines: lines.map((line, index) => ({ orderLineId: line.orderLineId!, quantity: line.reserved, field: `lines.${index}` })),
      courier: 'The Courier Guy',
      waybill: 'TCG-4471902',
    });
    if (id) {
      const at = now;
      await tx
        .update(deliveries)
        .set({ signedBy: 'Nomsa Dlamini', deliveredAt: at, podCapturedAt: at, podLat: -26.1076, podLng: 28.0567, podSignature: DEMO_SIGNATURE, podBy: userIds.production })
        .where(eq(deliveries.id, id));
      await advanceOrderTo(tx, '', { at, by: userIds.production }, whole.id, 'delivered');
    }
  }
  // Another order holding stock and more than one unit in all: one unit leaves, the rest waits.
  for (const order of holding) {
    if (order.id === whole?.id) continue;
    const held = await tx.select().from(stockReservations).where(eq(stockReservations.orderId, order.id)).orderBy(asc(stockReservations.id));
    const line = held.find((row) => row.reserved > 0 && row.orderLineId !== null);
    if (!line || held.reduce((sum, row) => sum + row.reserved + row.backordered, 0) < 2) continue;
    await deliverInTx(tx, context, { orderId: order.id, lines: [{ orderLineId: line.orderLineId!, quantity: 1, field: 'lines.0' }], courier: 'Dawn Wing', waybill: 'DW-220915' });
    break;
  }
}
