import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { products, stockLevels, stockMovements } from '../../db/schema';
import { domainEvents } from '../../events/domain';
import { lowMarkOf, type StockMovementKind } from '../../../shared/stock/availability';

/** One stock item of a branch: a product and the options that make a different item ('' none). */
export interface StockItem {
  branchId: number;
  productId: number;
  itemKey: string;
}

export interface Level {
  onHand: number;
  reserved: number;
  backordered: number;
  inProduction: number;
}

export const itemId = (item: StockItem): string => `${item.branchId}:${item.productId}:${item.itemKey}`;

/** Items once each, in the one order every transaction locks them in (two never wait on each other crosswise). */
export function distinctItems(items: StockItem[]): StockItem[] {
  const byId = new Map(items.map((item) => [itemId(item), { branchId: item.branchId, productId: item.productId, itemKey: item.itemKey }]));
  return [...byId.values()].sort((a, b) => a.branchId - b.branchId || a.productId - b.productId || (a.itemKey < b.itemKey ? -1 : a.itemKey > b.itemKey ? 1 : 0));
}

/**
 * Locks the level rows of these items for the rest of the transaction, made at zero first where
 * nothing moved yet. The level row is the lock of everything about its item: whoever changes the
 * item's figures or its lines' reservations holds it, so fifty confirmations at once take the last
 * units one after the other, each seeing what the one before left.
 */
export async function lockLevels(tx: Tx, items: StockItem[]): Promise<Map<string, Level>> {
  const sorted = distinctItems(items);
  const levels = new Map<string, Level>();
  if (sorted.length === 0) return levels;
  const values = sql.join(
    sorted.map((item) => sql`(${item.branchId}::int, ${item.productId}::int, ${item.itemKey}::text)`),
    sql`, `,
  );
  await tx.execute(sql`insert into ${stockLevels} (branch_id, product_id, item_key) values ${values} on conflict do nothing`);
  const rows = rowsOf<{ branch_id: number; product_id: number; item_key: string; on_hand: number; reserved: number; backordered: number; in_production: number }>(
    await tx.execute(sql`
      select branch_id, product_id, item_key, on_hand, reserved, backordered, in_production from ${stockLevels}
      where (branch_id, product_id, item_key) in (${values})
      order by branch_id, product_id, item_key
      for update`),
  );
  for (const row of rows) {
    levels.set(itemId({ branchId: row.branch_id, productId: row.product_id, itemKey: row.item_key }), {
      onHand: row.on_hand,
      reserved: row.reserved,
      backordered: row.backordered,
      inProduction: row.in_production,
    });
  }
  return levels;
}

/** One change of an item's figures; the movement row says why, the level moves by the same amounts. */
export interface Movement extends StockItem {
  kind: StockMovementKind;
  /** On hand. */
  quantity?: number;
  reserved?: number;
  backordered?: number;
  reason?: string;
  orderId?: number | null;
  orderLineId?: number | null;
  userId: number | null;
  at: Date;
}

/**
 * Writes the movements and moves their items' levels by the same amounts, in the caller's
 * transaction (whose caller locked the levels): a level is always the sum of its movements. The
 * database's CHECKs refuse on hand below zero and reserved above on hand, rolling everything back.
 * An item whose available quantity falls below its product's low mark here tells `stock.low`.
 */
export async function recordMovements(tx: Tx, movements: Movement[]): Promise<void> {
  const moving = movements.filter((m) => (m.quantity ?? 0) !== 0 || (m.reserved ?? 0) !== 0 || (m.backordered ?? 0) !== 0);
  if (moving.length === 0) return;
  await tx.insert(stockMovements).values(
    moving.map((m) => ({
      branchId: m.branchId,
      productId: m.productId,
      itemKey: m.itemKey,
      kind: m.kind,
      quantity: m.quantity ?? 0,
      reserved: m.reserved ?? 0,
      backordered: m.backordered ?? 0,
      reason: m.reason ?? '',
      orderId: m.orderId ?? null,
      orderLineId: m.orderLineId ?? null,
      userId: m.userId,
      at: m.at,
    })),
  );
  const totals = new Map<string, StockItem & { quantity: number; reserved: number; backordered: number }>();
  for (const m of moving) {
    const key = itemId(m);
    const sum = totals.get(key) ?? { branchId: m.branchId, productId: m.productId, itemKey: m.itemKey, quantity: 0, reserved: 0, backordered: 0 };
    sum.quantity += m.quantity ?? 0;
    sum.reserved += m.reserved ?? 0;
    sum.backordered += m.backordered ?? 0;
    totals.set(key, sum);
  }
  // Every item's level moved in one statement, whatever the number of items (an order of twenty
  // lines confirmed): the new figures come back for the low-stock check.
  const sums = distinctItems([...totals.values()]).map((item) => {
    const sum = totals.get(itemId(item))!;
    return { branch_id: item.branchId, product_id: item.productId, item_key: item.itemKey, quantity: sum.quantity, reserved: sum.reserved, backordered: sum.backordered };
  });
  const after = rowsOf<{ branch_id: number; product_id: number; item_key: string; on_hand: number; reserved: number; low_stock_mark: number | null }>(
    await tx.execute(sql`
      update ${stockLevels} l set on_hand = l.on_hand + v.quantity, reserved = l.reserved + v.reserved, backordered = l.backordered + v.backordered
      from jsonb_to_recordset(${JSON.stringify(sums)}::jsonb) as v (branch_id int, product_id int, item_key text, quantity int, reserved int, backordered int)
      where l.branch_id = v.branch_id and l.product_id = v.product_id and l.item_key = v.item_key
      returning l.branch_id, l.product_id, l.item_key, l.on_hand, l.reserved,
        (select p.low_stock_mark from ${products} p where p.id = l.product_id) as low_stock_mark`),
  );
  const first = moving[0];
  for (const row of after) {
    const item = { branchId: row.branch_id, productId: row.product_id, itemKey: row.item_key };
    const sum = totals.get(itemId(item))!;
    const available = row.on_hand - row.reserved;
    const before = available - (sum.quantity - sum.reserved);
    const lowMark = lowMarkOf(row.low_stock_mark);
    if (available < lowMark && before >= lowMark) {
      await domainEvents.publish(
        tx,
        'stock.low',
        { branch_id: item.branchId, product_id: item.productId, item_key: item.itemKey, available, low_mark: lowMark, at: first.at.toISOString() },
        { at: first.at, by: first.userId },
      );
    }
  }
}

/**
 * What production still has to make of an item moved by `change` (a work order made, made from,
 * or closed), in the work order's transaction (whose caller locked the level). It is no stock
 * yet, so no movement: the level's in_production is the sum of the open work orders' remainders.
 */
export async function moveInProduction(tx: Tx, item: StockItem, change: number): Promise<void> {
  if (change === 0) return;
  await tx.execute(sql`
    update ${stockLevels} set in_production = in_production + ${change}::int
    where branch_id = ${item.branchId} and product_id = ${item.productId} and item_key = ${item.itemKey}`);
}
