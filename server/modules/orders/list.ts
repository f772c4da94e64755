import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients, orderLines, orders } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { businessDayStart, cappedCount, cappedTotal, idsCondition, orderByOf, pageOf } from '../../http/listQuery';
import { aliased, isoText, jsonRows, qualified } from '../../db/queryParts';
import { rowsOf } from '../../db/rows';
import { ordersListedFor } from './access';
import type { OrderListParams, OrderSummaryRecord } from './schemas';
import { countFromDailyStats } from './dailyStats';
import { clientIsNamed } from '../clients/named';
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
 * `q`: an order number ("ORD-000123", "123") finds that order; any text also the orders of the
 * clients whose name holds it. The clients are found first and the orders by their client (not
 * each order's client name tested), so the most selective condition leads; the order number is
 * its primary key, and both together are a union of two index reads.
 */
async function searchCondition(db: Db, q: string): Promise<SQL> {
  const number = /^(?:ORD-)?0*(\d{1,9})$/i.exec(q);
  const byClient = await clientIsNamed(db, qualified(orders.clientId), q);
  const byNumber = number ? sql`${qualified(orders.id)} = ${Number(number[1])}` : undefined;
  if (byNumber && byClient) return sql`(${byNumber} or ${byClient})`;
  return byNumber ?? byClient ?? sql`false`;
}

/** The list's filters, on the orders alone (a search names its clients by id). */
async function listConditions(db: Db, visible: SQL | undefined, query: OrderListParams): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [visible, branchScope(query.branch_id), idsCondition(orders.id, query.ids)];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.client_id) conditions.push(eq(orders.clientId, query.client_id));
  if (query.date_from) conditions.push(gte(orders.createdAt, dayStart(query.date_from)));
  if (query.date_to) conditions.push(lt(orders.createdAt, dayStart(query.date_to, 1)));
  const q = query.q?.trim();
  if (q) conditions.push(await searchCondition(db, q));
  return and(...conditions);
}

/** A page row's columns named as the answer names them, for a page the database turns into JSON. */
const pageRowColumns = { ...aliased(summaryColumns), created_at: isoText(orders.createdAt).as('created_at') };

/**
 * `orders/all`: a page of the branch's orders the caller may see, and the branch's stats. The page,
 * its total and the stats go to the database as one statement that answers one JSON value: the
 * list screen's most frequent call costs one round trip and one connection, not three (a search
 * first finds its clients, one more).
 *
 * The total: for the company's branch, status and day filters, from the daily stats; otherwise
 * counted from the orders through the same indexes as the page. A search's count stops at
 * `COUNT_CAP` (`total_capped`: there are more), unless `exact_total` asks for every one.
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
  const searched = Boolean(query.q?.trim());
  const countFromStats = seesAll && !searched && !query.client_id && !query.ids;
  const visible = await ordersListedFor(db, user);
  const where = await listConditions(db, visible, query);
  const stats = seesAll ? branchStatsQuery(db, branchId, now) : orderStatsQuery(db, and(visible, branchScope(query.branch_id)), now);
  // The page's orders are chosen from the orders alone (their client only when sorting by its
  // name), then only those 25 are joined with their client and their lines counted: a page further
  // down does not read the clients and lines of every row it skips.
  const orderBy = orderByOf(sortColumns, query, orders.id);
  const chosen = db.select({ id: orders.id }).from(orders).$dynamic();
  if (query.sort === 'client_name') chosen.innerJoin(clients, withClient);
  const pageIds = chosen.where(where).orderBy(...orderBy).limit(limit).offset(offset);
  const page = db.select(pageRowColumns).from(orders).innerJoin(clients, withClient).where(inArray(orders.id, pageIds)).orderBy(...orderBy);
  const capped = searched && !query.exact_total;
  const total = countFromStats
    ? countFromDailyStats(db, { branchId, status: query.status, dateFrom: query.date_from, dateTo: query.date_to })
    : capped
      ? cappedCount(sql`${orders}`, where)
      : db.select({ n: count() }).from(orders).where(where);
  const statement = sql`select json_build_object('data', ${jsonRows(page)}, 'total', ${total}, 'stats', ${jsonRows(stats)}) as answer`;
  const [{ answer }] = rowsOf<{ answer: { data: OrderSummaryRecord[]; total: number | string; stats: Parameters<typeof shape>[0] } }>(await db.execute(statement));
  return { data: answer.data, ...cappedTotal(Number(answer.total), capped), stats: shape(answer.stats) };
}
