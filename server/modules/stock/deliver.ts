import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { stockReservations } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { type Movement, lockLevels, recordMovements } from './levels';

/** One line of a delivery as asked: the order line and how many units leave. `field` names it in a refusal. */
export interface WantedLine {
  orderLineId: number;
  quantity: number;
  field: string;
}

/** What a delivery took of a line: its units delivered before and after it (the invoice's share). */
export interface TakenLine {
  orderLineId: number;
  productId: number;
  quantity: number;
  before: number;
  after: number;
}

/**
 * Units leave with a delivery, in its transaction: each line's reservation moves `reserved` →
 * `delivered`, and the level loses them from on hand and reserved (a `delivery` movement). The
 * levels are locked first, then the lines read, so a cancellation or an edit at the same time is
 * seen as it is. More than a line holds reserved is a 409 naming the line's quantity, a line not
 * of the order a 400 naming it. Answers what was taken and whether anything is left to send
 * (reserved or backordered) on any line of the order.
 */
export async function deliverReserved(tx: Tx, orderId: number, wanted: WantedLine[], origin: { at: Date; by: number | null }): Promise<{ taken: TakenLine[]; left: number }> {
  const held = await tx
    .selectDistinct({ branchId: stockReservations.branchId, productId: stockReservations.productId, itemKey: stockReservations.itemKey })
    .from(stockReservations)
    .where(eq(stockReservations.orderId, orderId));
  await lockLevels(tx, held);
  const rows = await tx.select().from(stockReservations).where(eq(stockReservations.orderId, orderId)).for('update');
  const byLine = new Map(rows.filter((row) => row.orderLineId !== null).map((row) => [row.orderLineId!, row]));
  const seen = new Set<number>();
  const taken: TakenLine[] = [];
  const movements: Movement[] = [];
  for (const line of wanted) {
    const row = byLine.get(line.orderLineId);
    if (!row) throw badRequest(`${line.field}.order_line_id`, `Line ${line.orderLineId} is not a line of this order holding stock`);
    if (seen.has(line.orderLineId)) throw badRequest(`${line.field}.order_line_id`, `Line ${line.orderLineId} is named twice`);
    seen.add(line.orderLineId);
    if (line.quantity > row.reserved) {
      throw conflict(`${line.field}.quantity`, `Line ${line.orderLineId}: ${line.quantity} asked, ${row.reserved} reserved and not yet delivered`);
    }
    taken.push({ orderLineId: line.orderLineId, productId: row.productId, quantity: line.quantity, before: row.delivered, after: row.delivered + line.quantity });
    movements.push({
      branchId: row.branchId,
      productId: row.productId,
      itemKey: row.itemKey,
      kind: 'delivery',
      quantity: -line.quantity,
      reserved: -line.quantity,
      orderId,
      orderLineId: line.orderLineId,
      userId: origin.by,
      at: origin.at,
    });
  }
  if (taken.length) {
    const moved = taken.map((line) => ({ id: byLine.get(line.orderLineId)!.id, quantity: line.quantity }));
    await tx.execute(sql`
      update ${stockReservations} r set reserved = r.reserved - v.quantity, delivered = r.delivered + v.quantity
      from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as v (id int, quantity int)
      where r.id = v.id`);
    await recordMovements(tx, movements);
  }
  const takenOf = new Map(taken.map((line) => [line.orderLineId, line.quantity]));
  const left = rows.reduce((sum, row) => sum + row.reserved + row.backordered - (row.orderLineId !== null ? (takenOf.get(row.orderLineId) ?? 0) : 0), 0);
  return { taken, left };
}

/** What each line of an order holds reserved and not yet delivered (what a dispatch sends, what a picking slip lists). */
export async function reservedLeft(tx: Db | Tx, orderId: number): Promise<{ orderLineId: number; reserved: number; backordered: number; delivered: number }[]> {
  const rows = await tx
    .select({ orderLineId: stockReservations.orderLineId, reserved: stockReservations.reserved, backordered: stockReservations.backordered, delivered: stockReservations.delivered })
    .from(stockReservations)
    .where(eq(stockReservations.orderId, orderId));
  return rows.filter((row): row is typeof row & { orderLineId: number } => row.orderLineId !== null);
}
