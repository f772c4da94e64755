import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, orderLines, orders } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { businessDayStart, idsCondition, likePattern, orderByOf, pageOf } from '../../http/listQuery';
import { aliased, isoText, jsonRows, qualified } from '../../db/queryParts';
import { rowsOf } from '../../db/rows';
import { ordersVisibleTo } from './access';
import type { OrderListParams, OrderSummaryRecord } from './schemas';
import { countFromDailyStats } from './dailyStats';
import { branchScope, branchStatsQuery, orderStatsQuery, shape } from './stats';

// Read through a join (not a per-row subquery): sorting by client name then walks the clients'
// name index and each client's orders, instead of sorting every order of the branch.
const clientName = clients.name;
export const withClient = eq(clients.id, orders.clientId);
const lineCount = sql<number>`(select count(*) from ${orderLines} where ${qualified(orderLines.orderId)} = ${qualified(orders.id)})`.mapWith(Number);

export const summaryColumns = {
  id: orders.id,
  reference: orders.reference,
  client_id: orders.clientId,
  client_name: clientName,
  branch_id: orders.branchId,
  status: orders.status,
  total: orders.total,
  line_count: lineCount,
  courier_name: orders.courierName,
  tracking_number: orders.trackingNumber,
  created_at: orders.createdAt,
};

/** The business day a `date_to` filter names ends at midnight after it (UTC+2). */
const dayStart = businessDayStart;

/**
 * `q`: an order number ("ORD-000123", "123") finds that order; any other text the orders of the
 * clients whose name holds it, tested on the joined client: the trigram index finds the clients,
 * then their orders come through the client index, so no order's client name is tested one by one.
 */
function searchCondition(q: string): SQL {
  const number = /^(?:ORD-)?0*(\d{1,9})$/i.exec(q);
  const byClient = sql`${qualified(clients.name)} ilike ${likePattern(q)}`;
  return number ? sql`(${qualified(orders.id)} = ${Number(number[1])} or ${byClient})` : byClient;
}

/** The list's filters, for a query of the orders joined with their clients. */
function listConditions(user: CurrentUser, query: OrderListParams): SQL | undefined {
  const conditions: (SQL | undefined)[] = [ordersVisibleTo(user), branchScope(query.branch_id), idsCondition(orders.id, query.ids)];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.client_id) conditions.push(eq(orders.clientId, query.client_id));
  if (query.date_from) conditions.push(gte(orders.createdAt, dayStart(query.date_from)));
  if (query.date_to) conditions.push(lt(orders.createdAt, dayStart(query.date_to, 1)));
  if (query.q) conditions.push(searchCondition(query.q.trim()));
  return and(...conditions);
}

/** A page row's columns named as the answer names them, for a page the database turns into JSON. */
const pageRowColumns = { ...aliased(summaryColumns), created_at: isoText(orders.createdAt).as('created_at') };
const { line_count: _lineCount, ...rowColumnsButLineCount } = pageRowColumns;
const matchedColumnNames = sql.join(Object.keys(rowColumnsButLineCount).map((name) => sql.identifier(name)), sql`, `);

/**
 * `orders/all`: a page of the branch's orders the caller may see, and the branch's stats. The page,
 * its total and the stats go to the database as one statement that answers one JSON value: the
 * list screen's most frequent call costs one round trip and one connection, not three.
 */
export async function listOrders(db: Db, user: CurrentUser, query: OrderListParams, now: Date) {
  const sortColumns = {
    created_at: orders.createdAt,
    reference: orders.id,
    total: orders.total,
    status: orders.status,
    client_name: sql`lower(${clientName})`,
    id: orders.id,
  };
  const { limit, offset } = pageOf(query);
  // Company roles see whole branches: their counts and stats come from the daily stats, which
  // answer branch, status and day-range filters; any other filter, or a member's or reseller's
  // own orders, is counted from the orders themselves.
  const seesAll = user.role === 'admin' || user.role === 'production';
  const branchId = query.branch_id === undefined || query.branch_id === -1 ? undefined : query.branch_id;
  const countFromStats = seesAll && !query.q && !query.client_id && !query.ids;
  const where = listConditions(user, query);
  const stats = seesAll ? branchStatsQuery(db, branchId, now) : orderStatsQuery(db, and(ordersVisibleTo(user), branchScope(query.branch_id)), now);
  let statement: SQL;
  if (countFromStats) {
    const page = db.select(pageRowColumns).from(orders).innerJoin(clients, withClient).where(where).orderBy(...orderByOf(sortColumns, query, orders.id)).limit(limit).offset(offset);
    const total = countFromDailyStats(db, { branchId, status: query.status, dateFrom: query.date_from, dateTo: query.date_to });
    statement = sql`select json_build_object('data', ${jsonRows(page)}, 'total', ${total}, 'stats', ${jsonRows(stats)}) as answer`;
  } else {
    // Counted from the orders themselves: the matching orders are found once (a search, a
    // member's own orders) and both counted and paged from there, instead of searched twice.
    const matched = db
      .select({ ...rowColumnsButLineCount, sort_key: sql`${sortColumns[query.sort]}`.as('sort_key') })
      .from(orders)
      .innerJoin(clients, withClient)
      .where(where);
    const direction = sql.raw(query.order === 'DESC' ? 'desc' : 'asc');
    statement = sql`with matched as materialized ${matched}
      select json_build_object(
        'data', (select coalesce(json_agg(r), '[]'::json) from (
          select ${matchedColumnNames}, (select count(*) from ${orderLines} where ${qualified(orderLines.orderId)} = matched.id) as line_count
          from matched order by sort_key ${direction}, id ${direction} limit ${limit} offset ${offset}) r),
        'total', (select count(*) from matched),
        'stats', ${jsonRows(stats)}) as answer`;
  }
  const [{ answer }] = rowsOf<{ answer: { data: OrderSummaryRecord[]; total: number | string; stats: Parameters<typeof shape>[0] } }>(await db.execute(statement));
  return { data: answer.data, total: Number(answer.total), stats: shape(answer.stats) };
}

