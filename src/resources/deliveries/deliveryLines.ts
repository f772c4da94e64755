import type { OrderDetails } from '../orders/types';
import type { NewDelivery } from './calls';
import type { LineStock } from './types';

/**
 * An order line as the "New delivery" dialog shows it: what it still holds reserved (what can
 * leave now) and what is backordered (what waits for stock and will not leave in this delivery).
 */
export interface DeliverableLine {
  orderLineId: number;
  productName: string;
  sku: string;
  reserved: number;
  backordered: number;
}

/** The order's lines with what each holds reserved and backordered, in the order's own line order. */
function linesWithStock(order: Pick<OrderDetails, 'lines'>, stock: LineStock[]): DeliverableLine[] {
  const held = new Map<number, { reserved: number; backordered: number }>();
  for (const row of stock) {
    if (row.order_line_id === null) continue;
    const sums = held.get(row.order_line_id) ?? { reserved: 0, backordered: 0 };
    held.set(row.order_line_id, { reserved: sums.reserved + row.reserved, backordered: sums.backordered + row.backordered });
  }
  return order.lines.map((line) => ({ orderLineId: line.id, productName: line.product_name, sku: line.sku, reserved: 0, backordered: 0, ...held.get(line.id) }));
}

/**
 * The order's lines that still hold units reserved: only those can leave (what is backordered
 * waits for stock; what left already is delivered).
 */
export function deliverableLines(order: Pick<OrderDetails, 'lines'>, stock: LineStock[]): DeliverableLine[] {
  return linesWithStock(order, stock).filter((line) => line.reserved > 0);
}

/** The lines with nothing reserved and units backordered: all they ordered waits for stock. */
export function waitingLines(order: Pick<OrderDetails, 'lines'>, stock: LineStock[]): DeliverableLine[] {
  return linesWithStock(order, stock).filter((line) => line.reserved === 0 && line.backordered > 0);
}

/** A quantity as typed: a whole number from 0 to what the line holds, or null. */
export function typedQuantity(text: string, line: Pick<DeliverableLine, 'reserved'>): number | null {
  if (!/^\d{1,6}$/.test(text.trim())) return null;
  const quantity = Number(text.trim());
  return quantity <= line.reserved ? quantity : null;
}

/**
 * What api/deliveries/create is sent for the quantities typed (0: the line stays), or null while a
 * quantity is not a whole number within what is reserved, or nothing at all would leave. With it,
 * `lineOfField` tells which order line a refusal's field (`lines.N.quantity`, N its place in the
 * body's lines) names, so the message goes beside that line's field.
 */
export function deliveryBody(
  orderId: number,
  lines: DeliverableLine[],
  typed: Record<number, string>,
  courier: string,
  waybill: string,
): { body: NewDelivery; lineOfField: (field: string) => number | undefined } | null {
  const quantities = lines.map((line) => typedQuantity(typed[line.orderLineId] ?? String(line.reserved), line));
  if (quantities.some((quantity) => quantity === null)) return null;
  const sent = lines.map((line, i) => ({ order_line_id: line.orderLineId, quantity: quantities[i]! })).filter((line) => line.quantity > 0);
  if (sent.length === 0) return null;
  const body: NewDelivery = { order_id: orderId, lines: sent };
  if (courier.trim()) body.courier = courier.trim();
  if (waybill.trim()) body.waybill = waybill.trim();
  return {
    body,
    lineOfField: (field) => {
      const place = /^lines\.(\d+)\./.exec(field);
      return place ? sent[Number(place[1])]?.order_line_id : undefined;
    },
  };
}
