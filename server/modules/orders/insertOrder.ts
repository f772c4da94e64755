import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { auditLog, orderAnnouncements, orderDailyStats, orderLines, orderStatusHistory, orders } from '../../db/schema';
import { auditRow, type AuditEntry } from '../../audit/record';
import { addToDayRow, businessDay } from './dailyStats';
import type { PricedLine } from './lines';
import { orderTotal, orderVat } from './totals';
import { newTrackingToken } from './tracking';
import { domainEvents } from '../../events/domain';
import { exposureSql } from '../billing/creditLimit';

export interface NewOrder {
  clientId: number;
  branchId: number;
  createdBy: number;
  notes: string;
  idempotencyKey?: string | null;
  lines: readonly PricedLine[];
  pricesIncludeVat: boolean;
  /** The audit entry of the creation; its entity is the order, and `reference` is added to its data. */
  audit: Pick<AuditEntry, 'action' | 'data'>;
  /** The membership fee's order (told in `order.created`: it gets no order confirmation mail). */
  membershipFee?: boolean;
  /**
   * Leaves the order's daily stats, change counters and live event to `announceOrders` after the
   * commit (announcements.ts): the statement then writes no row other orders write too, so
   * concurrent creates commit side by side instead of one WAL flush after another.
   */
  announceLater?: boolean;
  /**
   * The client's credit limit, checked in the statement itself: the order is inserted only when
   * the client's exposure plus its total stays within `limit` (or `mayExceed`), and the statement
   * answers the exposure either way. The caller holds the client's row locked (its transaction), so
   * this statement's snapshot, taken after the lock, sees every order committed before.
   */
  creditCheck?: { limit: number; mayExceed: boolean };
}

/** The order a credit check refused: nothing was written; `exposure` is what the client owed before it. */
export class CreditLimitRefusal extends Error {
  constructor(readonly exposure: number) {
    super('over the credit limit');
  }
}

export interface InsertedOrder {
  id: number;
  reference: string;
  total: number;
  branchId: number;
  createdAt: Date;
}

/** The order counted in its day's stats in the statement that makes it. */
const statsCte = sql`stats as (
        insert into ${orderDailyStats} (branch_id, day, status, order_count, order_value)
        select o.branch_id, ${businessDay(sql`o.created_at`)}, 'new', 1, o.total from o
        ${addToDayRow}
      )`;

/**
 * The order's announcement instead (migration 0028), with what the stats need as it is now (an
 * edit before the announcement moves the stats by its own difference). Setting
 * `portal.announce_later` for the transaction tells the triggers that fire at the statement's end
 * to leave the order's counters and event to the announcement.
 */
const announcementCte = (clientId: number) => sql`announcement as (
        insert into ${orderAnnouncements} (order_id, client_id, branch_id, day, total)
        select o.id, ${clientId}::int, o.branch_id, ${businessDay(sql`o.created_at`)}, o.total from o
        where set_config('portal.announce_later', 'on', true) = 'on'
      )`;

const orderColumns = sql`client_id, branch_id, created_by, total, vat, prices_include_vat, notes, token, idempotency_key`;
const orderReturning = sql`returning id, reference, total, branch_id, created_at`;

/** The order's row as it is inserted whatever else is checked. */
const plainOrderCte = (order: NewOrder) => sql`o as (
        insert into ${orders} (${orderColumns})
        values (${order.clientId}, ${order.branchId}, ${order.createdBy}, ${orderTotal(order.lines)}, ${orderVat(order.lines)}, ${order.pricesIncludeVat}, ${order.notes}, ${newTrackingToken()}, ${order.idempotencyKey ?? null})
        ${orderReturning}
      )`;

/**
 * The client's exposure, then the order's row only if it fits under the limit (typed casts: a
 * select's parameters are not typed by the insert's columns as a values list's are). Every other
 * part of the statement inserts from `o`, so a refused order writes nothing at all.
 */
const creditCtes = (order: NewOrder, check: { limit: number; mayExceed: boolean }) => sql`exposure as (
        select ${exposureSql(order.clientId)} as amount
      ), o as (
        insert into ${orders} (${orderColumns})
        select ${order.clientId}::int, ${order.branchId}::int, ${order.createdBy}::int, ${orderTotal(order.lines)}::int, ${orderVat(order.lines)}::int, ${order.pricesIncludeVat}::boolean, ${order.notes}::text, ${newTrackingToken()}::text, ${order.idempotencyKey ?? null}::text
        from exposure
        where ${check.mayExceed}::boolean or exposure.amount + ${orderTotal(order.lines)}::int <= ${check.limit}::bigint
        ${orderReturning}
      )`;

/** `{1,2}`: an integer array as PostgreSQL's text form, which both drivers pass as it is. */
const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** `{"a","b"}`: a text array as PostgreSQL's text form. */
const textArray = (values: readonly string[]) => `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/**
 * The lines as nine arrays, a column each, unnested into rows: nine parameters whatever the
 * number of lines (nine a line in a values list: 180 for 20 lines, each built, sent and bound), and
 * one statement text for every order. A line's property values travel as the text of an int array.
 */
const lineColumns = (lines: readonly PricedLine[]) => sql`unnest(
          ${intArray(lines.map((line) => line.position))}::int[], ${intArray(lines.map((line) => line.productId))}::int[],
          ${intArray(lines.map((line) => line.quantity))}::int[], ${intArray(lines.map((line) => line.unitPrice))}::int[],
          ${textArray(lines.map((line) => intArray(line.propertyValueIds)))}::text[], ${textArray(lines.map((line) => line.vatClass))}::text[],
          ${intArray(lines.map((line) => line.rateBp))}::int[], ${intArray(lines.map((line) => line.vat))}::int[], ${intArray(lines.map((line) => line.total))}::int[]
        ) as l (position, product_id, quantity, unit_price, property_value_ids, vat_class, rate_bp, vat, total)`;

/**
 * A new order in one statement: the order, its lines, its first history row ("new"), its audit
 * entry, its count in the daily stats and its `order.created` event (its subscribers' jobs). One statement is one transaction by itself, so the order
 * exists with all of these or not at all; it is also one round trip instead of six, and the daily
 * stats row every new order of a branch and day shares is locked only while this statement runs.
 * A unique violation (a raced `Idempotency-Key`) reaches the caller as it would from a lone insert.
 */
export async function insertNewOrder(db: Db | Tx, order: NewOrder): Promise<InsertedOrder> {
  const audit = auditRow({ userId: order.createdBy, entity: 'order', ...order.audit });
  const [row] = rowsOf<{ id: number | null; reference: string; total: number; branch_id: number; created_at: Date | string; exposure?: string | number }>(
    await db.execute(sql`
      with ${order.creditCheck ? creditCtes(order, order.creditCheck) : plainOrderCte(order)}, lines as (
        insert into ${orderLines} (order_id, position, product_id, quantity, unit_price, property_value_ids, vat_class, rate_bp, vat, total)
        select o.id, l.position, l.product_id, l.quantity, l.unit_price, l.property_value_ids::int[], l.vat_class, l.rate_bp, l.vat, l.total
        from o, ${lineColumns(order.lines)}
      ), history as (
        insert into ${orderStatusHistory} (order_id, from_status, to_status, user_id)
        select o.id, null, 'new', ${order.createdBy} from o
      ), audit as (
        insert into ${auditLog} (user_id, action, entity, entity_id, data)
        select ${audit.userId}, ${audit.action}, ${audit.entity}, o.id::text, ${JSON.stringify(audit.data)}::jsonb || jsonb_build_object('reference', o.reference)
        from o
      ), ${order.announceLater ? announcementCte(order.clientId) : statsCte}${domainEvents.inStatement('order.created', {
        data: sql`jsonb_build_object('id', o.id, 'reference', o.reference, 'client_id', ${order.clientId}::int, 'branch_id', o.branch_id, 'total', o.total, 'status', 'new', 'created_at', o.created_at, 'membership_fee', ${order.membershipFee ?? false}::boolean)`,
        from: sql`o`,
      })}
      ${order.creditCheck ? sql`select o.id, o.reference, o.total, o.branch_id, o.created_at, e.amount as exposure from exposure e left join o on true` : sql`select id, reference, total, branch_id, created_at from o`}`),
  );
  if (row.id === null) throw new CreditLimitRefusal(Number(row.exposure));
  return { id: Number(row.id), reference: row.reference, total: Number(row.total), branchId: Number(row.branch_id), createdAt: new Date(row.created_at) };
}
