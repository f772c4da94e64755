import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderLines, orders, products, stockReservations } from '../../db/schema';
import { MEMBERSHIP_SKU } from '../products/membershipFee';
import { type Level, type Movement, type StockItem, distinctItems, itemId, lockLevels, recordMovements } from './levels';

/** Options do not make a different item (docs/stock.md): every line of a product is the product's stock. */
export const ITEM_KEY_OF_PRODUCT = '';

interface Origin {
  at: Date;
  by: number | null;
}

const available = (level: Level) => level.onHand - level.reserved;

/**
 * An order became confirmed: each of its lines reserves what its branch has available and
 * backorders the rest, in the confirmation's transaction. The levels are locked first (in one
 * order), so concurrent confirmations take the last units one at a time and never the same unit.
 * The membership fee is no goods and holds nothing.
 */
export async function reserveOrder(tx: Tx, orderId: number, origin: Origin): Promise<void> {
  await holdLines(tx, orderId, origin, { confirmedAt: origin.at, queue: false });
}

/**
 * Writes the reservations of an order's lines that hold nothing yet: reserving what is available
 * (a confirmation), or all backordered in the queue at `confirmedAt` (replaced lines, which the
 * backorder fill then serves in their turn). Answers the items, locked.
 */
async function holdLines(tx: Tx, orderId: number, origin: Origin, { confirmedAt, queue }: { confirmedAt: Date; queue: boolean }): Promise<StockItem[]> {
  const lines = await tx
    .select({ id: orderLines.id, productId: orderLines.productId, quantity: orderLines.quantity, branchId: orders.branchId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(stockReservations, eq(stockReservations.orderLineId, orderLines.id))
    .where(and(eq(orderLines.orderId, orderId), ne(products.sku, MEMBERSHIP_SKU), sql`${stockReservations.id} is null`))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
  if (lines.length === 0) return [];
  const items = lines.map((line) => ({ ...line, itemKey: ITEM_KEY_OF_PRODUCT }));
  const levels = await lockLevels(tx, items);
  const movements: Movement[] = [];
  const rows: (typeof stockReservations.$inferInsert)[] = [];
  for (const line of items) {
    const level = levels.get(itemId(line))!;
    const reserved = queue ? 0 : Math.min(line.quantity, Math.max(0, available(level)));
    const backordered = line.quantity - reserved;
    // Two lines of one product share the level: the second sees what the first took.
    level.reserved += reserved;
    rows.push({ orderId, orderLineId: line.id, branchId: line.branchId, productId: line.productId, itemKey: line.itemKey, quantity: line.quantity, reserved, backordered, confirmedAt });
    movements.push({ ...itemOf(line), kind: 'reservation', reserved, backordered, orderId, orderLineId: line.id, userId: origin.by, at: origin.at });
  }
  await tx.insert(stockReservations).values(rows);
  await recordMovements(tx, movements);
  return items;
}

/**
 * Gives back what an order's lines hold (a cancellation): the reserved units become available
 * again and go at once to the oldest backorders waiting for them. What was delivered stays delivered.
 */
export async function releaseOrder(tx: Tx, orderId: number, origin: Origin): Promise<void> {
  const held = await dropReservations(tx, orderId, 'cancellation', origin);
  await fillBackorders(tx, held, origin);
}

/**
 * An edit replaced the lines of an order that holds stock (a confirmed one): what the old lines
 * held is given back, the new lines join the backorder queue in the order's own place (its
 * confirmation), and the queue is served oldest first — so an older order waiting for the same
 * item is not passed over by a younger one's edit.
 */
export async function reserveReplacedLines(tx: Tx, orderId: number, status: string, origin: Origin): Promise<void> {
  if (!HOLDING_STATUSES.includes(status)) return;
  const [first] = await tx
    .select({ confirmedAt: sql<Date | string | null>`min(${stockReservations.confirmedAt})` })
    .from(stockReservations)
    .where(eq(stockReservations.orderId, orderId));
  const confirmedAt = first?.confirmedAt ? new Date(first.confirmedAt) : origin.at;
  const released = await dropReservations(tx, orderId, 'release', origin);
  const queued = await holdLines(tx, orderId, origin, { confirmedAt, queue: true });
  await fillBackorders(tx, [...released, ...queued], origin);
}

/** The statuses in which an order's lines hold stock: from its confirmation until it leaves. */
const HOLDING_STATUSES: readonly string[] = ['confirmed', 'in_production', 'ready'];

/** Takes an order's reservations off its items' levels; answers the items, still locked. */
async function dropReservations(tx: Tx, orderId: number, kind: 'cancellation' | 'release', origin: Origin): Promise<StockItem[]> {
  const held = await tx
    .selectDistinct({ branchId: stockReservations.branchId, productId: stockReservations.productId, itemKey: stockReservations.itemKey })
    .from(stockReservations)
    .where(eq(stockReservations.orderId, orderId));
  if (held.length === 0) return [];
  await lockLevels(tx, held);
  // Read after the levels are locked: a backorder filled meanwhile is seen as it is now.
  const rows = await tx.select().from(stockReservations).where(eq(stockReservations.orderId, orderId)).for('update');
  await recordMovements(
    tx,
    rows.map((row) => ({
      ...itemOf(row),
      kind,
      reserved: -row.reserved,
      backordered: -row.backordered,
      orderId,
      orderLineId: row.orderLineId,
      userId: origin.by,
      at: origin.at,
    })),
  );
  const partlyDelivered = rows.filter((row) => row.delivered > 0).map((row) => row.id);
  if (partlyDelivered.length) {
    await tx
      .update(stockReservations)
      .set({ quantity: sql`${stockReservations.delivered}`, reserved: 0, backordered: 0 })
      .where(inArray(stockReservations.id, partlyDelivered));
  }
  await tx.delete(stockReservations).where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.delivered, 0)));
  return held;
}

/**
 * Stock that became available (a count or adjustment up, a release, a finished work order) goes
 * to the item's backorders, oldest confirmation first, in the transaction that made it available.
 * The caller holds the items' level locks.
 */
export async function fillBackorders(tx: Tx, items: StockItem[], origin: Origin): Promise<void> {
  const levels = await lockLevels(tx, items);
  const movements: Movement[] = [];
  const filled: { id: number; taken: number }[] = [];
  for (const item of distinctItems(items)) {
    const level = levels.get(itemId(item))!;
    let free = available(level);
    if (free <= 0 || level.backordered === 0) continue;
    // At most `free` lines can get something: each waiting line takes at least one unit.
    const queue = await tx
      .select({ id: stockReservations.id, orderId: stockReservations.orderId, orderLineId: stockReservations.orderLineId, backordered: stockReservations.backordered })
      .from(stockReservations)
      .where(
        and(
          eq(stockReservations.branchId, item.branchId),
          eq(stockReservations.productId, item.productId),
          eq(stockReservations.itemKey, item.itemKey),
          gt(stockReservations.backordered, 0),
        ),
      )
      .orderBy(asc(stockReservations.confirmedAt), asc(stockReservations.id))
      .limit(free)
      .for('update');
    for (const waiting of queue) {
      if (free === 0) break;
      const taken = Math.min(free, waiting.backordered);
      free -= taken;
      filled.push({ id: waiting.id, taken });
      movements.push({ ...item, kind: 'backorder_filled', reserved: taken, backordered: -taken, orderId: waiting.orderId, orderLineId: waiting.orderLineId, userId: origin.by, at: origin.at });
    }
  }
  if (filled.length === 0) return;
  // Every line served, in one statement: what each took moves from backordered to reserved.
  await tx.execute(sql`
    update ${stockReservations} r set reserved = r.reserved + v.taken, backordered = r.backordered - v.taken
    from jsonb_to_recordset(${JSON.stringify(filled)}::jsonb) as v (id int, taken int)
    where r.id = v.id`);
  await recordMovements(tx, movements);
}

const itemOf = (row: StockItem): StockItem => ({ branchId: row.branchId, productId: row.productId, itemKey: row.itemKey });
