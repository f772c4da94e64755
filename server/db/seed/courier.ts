import { and, eq, inArray, ne } from 'drizzle-orm';
import { courierEvents, courierTrackingTemplates, orderStatusHistory, orders } from '../schema';
import type { DemoContext } from './demo';

const HOUR = 3600_000;

/** Where the demo's couriers are followed: example addresses, to be replaced by the real ones in the settings. */
const TEMPLATES = [
  { courier: 'The Courier Guy', urlTemplate: 'https://tracking.thecourierguy.example/?waybill={waybill}' },
  { courier: 'Aramex', urlTemplate: 'https://tracking.aramex.example/track/{waybill}' },
  { courier: 'DSV', urlTemplate: 'https://tracking.dsv.example/{waybill}' },
];

/**
 * What the couriers reported of the demo's shipped orders, from their dispatch on: collected and
 * in transit for each, out for delivery and delivered for the delivered ones; and the couriers'
 * tracking link templates (PostNet left without, as an installation starts).
 */
export async function seedCourier({ tx }: DemoContext): Promise<void> {
  await tx.insert(courierTrackingTemplates).values(TEMPLATES);
  const shipped = await tx
    .select({ id: orders.id, status: orders.status, waybill: orders.trackingNumber, at: orderStatusHistory.at })
    .from(orders)
    .innerJoin(orderStatusHistory, and(eq(orderStatusHistory.orderId, orders.id), eq(orderStatusHistory.toStatus, 'dispatched')))
    .where(and(inArray(orders.status, ['dispatched', 'delivered']), ne(orders.trackingNumber, '')));
  const steps = (delivered: boolean) =>
    delivered
      ? [['Collected', 1, 'Johannesburg hub'], ['In transit', 8, 'Bloemfontein'], ['Out for delivery', 20, 'Cape Town depot'], ['Delivered', 26, 'Cape Town']] as const
      : [['Collected', 1, 'Johannesburg hub'], ['In transit', 8, 'Bloemfontein']] as const;
  const now = Date.now();
  const rows = shipped.flatMap((order) =>
    steps(order.status === 'delivered').map(([status, hours, location]) => {
      // An order dispatched an hour ago has no news from tomorrow.
      const at = new Date(Math.min(order.at.getTime() + hours * HOUR, now));
      return { waybill: order.waybill, status, at, location, receivedAt: at };
    }),
  );
  // Two demo orders may have drawn the same waybill: their events are one, as the courier's would be.
  if (rows.length) await tx.insert(courierEvents).values(rows).onConflictDoNothing();
}
