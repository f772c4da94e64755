import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { branches, orders, products, stockLevels, stockMovements, stockReservations, users, workOrders } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { businessDayStart, likePattern, pageOf } from '../../http/listQuery';
import type { CurrentUser } from '../../auth/roles';
import { isoText } from '../../db/queryParts';
import { MAX_ID } from '../../http/schemas';
import { MEMBERSHIP_SKU } from '../products/membershipFee';
import { clientForOrdering, ordersVisibleTo } from '../orders/access';
import { LOW_STOCK_MARK, availabilityOf, lowMarkOf, type StockAvailability } from '../../../shared/stock/availability';
import { ITEM_KEY_OF_PRODUCT } from './reservations';
import type { LevelListParams, LevelRecord, LevelSortField, MovementListParams, MovementRecord } from './wire';

/** Products whose stock is kept: those on sale, but the membership fee (no goods). */
const onSale = (p: SQL) => sql`${p}.active and ${p}.sku <> ${MEMBERSHIP_SKU}`;

/** `ids=1,2,3` as a condition; an id beyond the integer range names nothing. */
function inIds(column: SQL, ids: string): SQL {
  const wanted = ids.split(',').map(Number).filter((id) => id <= MAX_ID);
  return wanted.length ? sql`${column} in (${sql.join(wanted.map((id) => sql`${id}::int`), sql`, `)})` : sql`false`;
}

const levelSort: Record<LevelSortField, SQL> = {
  product_name: sql`lower(p.name)`,
  sku: sql`lower(p.sku)`,
  branch_id: sql`b.id`,
  on_hand: sql`coalesce(l.on_hand, 0)`,
  reserved: sql`coalesce(l.reserved, 0)`,
  available: sql`coalesce(l.on_hand - l.reserved, 0)`,
  backordered: sql`coalesce(l.backordered, 0)`,
  in_production: sql`coalesce(l.in_production, 0)`,
};

/** The figures of every product on sale in each branch asked for (zeros where nothing moved). */
function levelQuery(where: SQL[]): { from: SQL; columns: SQL } {
  return {
    columns: sql`b.id || '-' || p.id as id, b.id as branch_id, b.name as branch_name, p.id as product_id, p.name as product_name, p.sku,
      coalesce(l.on_hand, 0) as on_hand, coalesce(l.reserved, 0) as reserved, coalesce(l.on_hand - l.reserved, 0) as available,
      coalesce(l.backordered, 0) as backordered, coalesce(l.in_production, 0) as in_production,
      coalesce(p.low_stock_mark, ${LOW_STOCK_MARK}::int) as low_mark`,
    from: sql`${branches} b cross join ${products} p
      left join ${stockLevels} l on l.branch_id = b.id and l.product_id = p.id and l.item_key = ${ITEM_KEY_OF_PRODUCT}
      where ${onSale(sql`p`)}${where.length ? sql` and ${sql.join(where, sql` and `)}` : sql``}`,
  };
}

export async function listLevels(db: Db, query: LevelListParams): Promise<{ data: LevelRecord[]; total: number }> {
  const where: SQL[] = [];
  if (query.branch_id !== undefined && query.branch_id > 0) where.push(sql`b.id = ${query.branch_id}`);
  if (query.product_id !== undefined) where.push(sql`p.id = ${query.product_id}`);
  if (query.ids) where.push(inIds(sql`p.id`, query.ids));
  if (query.q?.trim()) where.push(sql`(p.name ilike ${likePattern(query.q.trim())} or p.sku ilike ${likePattern(query.q.trim())})`);
  const { from, columns } = levelQuery(where);
  const { limit, offset } = pageOf(query);
  const direction = query.order === 'DESC' ? sql`desc` : sql`asc`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`select ${columns} from ${from} order by ${levelSort[query.sort]} ${direction}, b.id ${direction}, p.id ${direction} limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as total from ${from}`),
  ]);
  return { data: rowsOf<LevelRecord>(rows), total: rowsOf<{ total: number }>(counted)[0].total };
}

/** One item's row, as `levels` answers it (after an adjustment). */
export async function levelOf(db: Db | Tx, branchId: number, productId: number): Promise<LevelRecord> {
  const { from, columns } = levelQuery([sql`b.id = ${branchId}`, sql`p.id = ${productId}`]);
  const [row] = rowsOf<LevelRecord>(await db.execute(sql`select ${columns} from ${from}`));
  if (!row) throw notFound('Stock item');
  return row;
}

export async function listMovements(db: Db, query: MovementListParams) {
  const where: SQL[] = [];
  if (query.branch_id !== undefined) where.push(sql`m.branch_id = ${query.branch_id}`);
  if (query.product_id !== undefined) where.push(sql`m.product_id = ${query.product_id}`);
  if (query.order_id !== undefined) where.push(sql`m.order_id = ${query.order_id}`);
  if (query.kind !== undefined) where.push(sql`m.kind = ${query.kind}`);
  if (query.date_from) where.push(sql`m.at >= ${businessDayStart(query.date_from).toISOString()}::timestamptz`);
  if (query.date_to) where.push(sql`m.at < ${businessDayStart(query.date_to, 1).toISOString()}::timestamptz`);
  if (query.ids) where.push(inIds(sql`m.id`, query.ids));
  const condition = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const { limit, offset } = pageOf(query);
  const direction = query.order === 'DESC' ? sql`desc` : sql`asc`;
  const sort = query.sort === 'id' ? sql`m.id` : sql`m.at`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`
      select m.id::int as id, m.branch_id, m.product_id, coalesce(p.name, '') as product_name, m.item_key, m.kind, m.quantity, m.reserved, m.backordered,
        m.reason, m.order_id, m.order_line_id::int as order_line_id, m.user_id, u.name as user_name, ${isoText(sql`m.at`)} as at
      from ${stockMovements} m left join ${products} p on p.id = m.product_id left join ${users} u on u.id = m.user_id
      ${condition} order by ${sort} ${direction}, m.id ${direction} limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as total from ${stockMovements} m ${condition}`),
  ]);
  return { data: rowsOf<MovementRecord>(rows), total: rowsOf<{ total: number }>(counted)[0].total };
}

/**
 * The branch a caller's availability is about: the one asked, else the ordering client's (one the
 * caller may order for; another is a 404, as everywhere), else its own client's, else the default.
 */
async function branchOf(db: Db, user: CurrentUser, requested: number | undefined, clientId: number | undefined): Promise<number> {
  if (requested === undefined && clientId !== undefined) {
    const client = await clientForOrdering(db, user, clientId);
    if (client.branchId !== null) return client.branchId;
  }
  if (requested !== undefined) {
    const [found] = rowsOf<{ id: number }>(await db.execute(sql`select id from ${branches} where id = ${requested}`));
    if (!found) throw badRequest('branch_id', `Branch ${requested} does not exist`);
    return found.id;
  }
  const [row] = rowsOf<{ id: number | null }>(
    await db.execute(sql`
      select coalesce((select c.branch_id from clients c where c.id = ${user.clientId}), (select id from ${branches} order by default_branch desc, id limit 1)) as id`),
  );
  if (row?.id == null) throw badRequest('branch_id', 'No branch exists');
  return row.id;
}

/**
 * In stock, low or backordered per product, for whoever orders: three words and never a figure,
 * so a member learns nothing of what the company holds or what others ordered.
 */
export async function availability(
  db: Db,
  user: CurrentUser,
  query: { product_ids: string; branch_id?: number; client_id?: number },
): Promise<{ product_id: number; availability: StockAvailability; expected_on: string | null }[]> {
  const branch = await branchOf(db, user, query.branch_id, query.client_id);
  // An id beyond the integer range names no product.
  const productIds = [...new Set(query.product_ids.split(',').map(Number))].filter((id) => id <= MAX_ID);
  if (productIds.length === 0) return [];
  // A backordered product's expected date: the earliest planned day of a work order not yet done
  // for it in the branch (a date is a promise of the plan, not a figure of stock).
  const rows = rowsOf<{ product_id: number; available: number; low_stock_mark: number | null; expected_on: string | null }>(
    await db.execute(sql`
      select p.id as product_id, coalesce(l.on_hand - l.reserved, 0) as available, p.low_stock_mark,
        (select min(w.planned_for)::text from ${workOrders} w
          where w.branch_id = ${branch} and w.product_id = p.id and w.item_key = ${ITEM_KEY_OF_PRODUCT} and w.status <> 'done' and w.planned_for is not null) as expected_on
      from ${products} p
      left join ${stockLevels} l on l.branch_id = ${branch} and l.product_id = p.id and l.item_key = ${ITEM_KEY_OF_PRODUCT}
      where ${onSale(sql`p`)} and p.id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})
      order by p.id`),
  );
  return rows.map((row) => {
    const word = availabilityOf(row.available, lowMarkOf(row.low_stock_mark));
    return { product_id: row.product_id, availability: word, expected_on: word === 'backordered' ? row.expected_on : null };
  });
}

/** What each line of an order the caller may see holds: reserved, backordered, delivered (its own lines only). */
export async function orderStock(db: Db, user: CurrentUser, orderId: number) {
  const [order] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), ordersVisibleTo(user)));
  if (!order) throw notFound('Order');
  return rowsOf<{ order_line_id: number | null; product_id: number; quantity: number; reserved: number; backordered: number; delivered: number }>(
    await db.execute(sql`
      select r.order_line_id::int as order_line_id, r.product_id, r.quantity, r.reserved, r.backordered, r.delivered
      from ${stockReservations} r where r.order_id = ${orderId} order by r.id`),
  );
}
