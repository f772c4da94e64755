import { type SQL, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { staleSave } from '../../http/recordVersion';
import type { Db, Tx } from '../../db/client';
import { billingDocuments, branches, clients, deliveries, orderLines, orderStatusHistory, orders, products, users } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import type { Snapshot } from '../../audit/changes';
import { snapshot } from '../../audit/snapshot';
import { uniqueViolation } from '../../db/uniqueViolation';
import { HttpError, badRequest, notFound } from '../../http/errors';
import type { ModuleDeps } from '../deps';
import { aliased, isoText, jsonRows, qualified } from '../../db/queryParts';
import { summaryColumns, withClient } from './list';
import { clientAndVatForOrdering, clientForOrdering, ordersVisibleTo, pricingUserFor } from './access';
import { priceLines, type PricedLine } from './lines';
import { offersMembershipFee } from '../products/membershipFee';
import { queueDispatchedMail } from './mail';
import type { CreateOrderBody, OrderRecord, UpdateOrderBody } from './schemas';
import { moveInDailyStats } from './dailyStats';
import { orderTotal, orderVat } from './totals';
import { creditPosition, mayExceedCreditLimit, overCreditLimit, positionOf } from '../billing/creditLimit';
import { invoiceOfOrder } from '../billing/issue';
import { domainEvents } from '../../events/domain';
import { vatByClass } from './vat';
import { CreditLimitRefusal, type NewOrder, insertNewOrder } from './insertOrder';
import { announceOrder } from './announcements';
import { TRACKING_TOKEN_PATTERN } from './tracking';
import { courierTrackingColumns, withCourierTracking } from '../courier/tracking';
import { advanceStatus, assertDeletable, assertEditable, nextStatuses, type OrderStatus } from './workflow';

/** What every view of an order's lines shows: the product, the quantity and the frozen price with its VAT. */
const pricedLineColumns = {
  product_name: products.name,
  quantity: orderLines.quantity,
  unit_price: orderLines.unitPrice,
  line_total: orderLines.total,
  vat: orderLines.vat,
  vat_class: orderLines.vatClass,
  rate_bp: orderLines.rateBp,
};

/** One order the caller may see, with its lines and history; 404 otherwise. */
export async function getOrder(db: Db | Tx, user: CurrentUser, id: number): Promise<OrderRecord> {
  // The order with its lines and history in one statement (one round trip, one connection).
  const lines = db
    .select(aliased({ id: orderLines.id, product_id: orderLines.productId, ...pricedLineColumns, sku: products.sku, property_value_ids: orderLines.propertyValueIds }))
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orders.id))
    .orderBy(asc(orderLines.position));
  const history = db
    .select({
      ...aliased({ from_status: orderStatusHistory.fromStatus, to_status: orderStatusHistory.toStatus, by: sql`coalesce(${users.name}, '')` }),
      at: isoText(orderStatusHistory.at).as('at'),
    })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.userId))
    .where(eq(orderStatusHistory.orderId, orders.id))
    .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id));
  const [order] = await db
    .select({
      ...summaryColumns,
      client_type: clients.type,
      created_by: orders.createdBy,
      notes: orders.notes,
      token: orders.token,
      version: orders.version,
      updated_at: orders.updatedAt,
      vat: orders.vat,
      prices_include_vat: orders.pricesIncludeVat,
      invoices: sql<OrderRecord['invoices']>`(select coalesce(json_agg(json_build_object('id', d.id, 'number', d.number) order by d.id), '[]') from ${billingDocuments} d where d.order_id = ${qualified(orders.id)} and d.type = 'invoice')`,
      lines: sql<OrderRecord['lines']>`${jsonRows(lines)}`,
      history: sql<OrderRecord['history']>`${jsonRows(history)}`,
      ...courierTrackingColumns(qualified(orders.id)),
    })
    .from(orders)
    .innerJoin(clients, withClient)
    .where(and(eq(orders.id, id), ordersVisibleTo(user)));
  if (!order) throw notFound('Order');
  return {
    ...withCourierTracking(order),
    invoice: order.invoices[0] ?? null,
    created_at: order.created_at.toISOString(),
    updated_at: order.updated_at.toISOString(),
    total_excl_vat: order.total - order.vat,
    vat_by_class: vatByClass(order.lines),
    next_statuses: [...nextStatuses[order.status]],
  };
}

async function insertLines(tx: Tx, orderId: number, lines: PricedLine[]): Promise<void> {
  await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId })));
}

export async function branchFor(tx: Db | Tx, requested: number | undefined, clientBranch: number | null): Promise<number> {
  if (requested !== undefined) {
    const [branch] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.id, requested));
    if (!branch) throw badRequest('branch_id', `Branch ${requested} does not exist`);
    return branch.id;
  }
  if (clientBranch !== null) return clientBranch;
  const [fallback] = await tx.select({ id: branches.id }).from(branches).orderBy(desc(branches.defaultBranch), asc(branches.id)).limit(1);
  if (!fallback) throw badRequest('branch_id', 'No branch exists to take the order');
  return fallback.id;
}

async function orderIdForKey(db: Db, user: CurrentUser, key: string): Promise<number | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.createdBy, user.id), eq(orders.idempotencyKey, key)));
  return row?.id ?? null;
}

/**
 * `orders/create`, in one transaction, priced by the server. With an `Idempotency-Key` a retry
 * (even one racing the first request) answers the order the key already made.
 */
export async function createOrder(
  db: Db,
  user: CurrentUser,
  body: CreateOrderBody,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<{ order: OrderRecord; created: boolean }> {
  if (idempotencyKey) {
    const existing = await orderIdForKey(db, user, idempotencyKey);
    if (existing !== null) return { order: await getOrder(db, user, existing), created: false };
  }
  let id: number;
  try {
    // Checks and prices first (reads), then the order with everything it writes in one statement:
    // one statement is one transaction, and the reads would see no more inside an explicit one.
    const { client, vat } = await clientAndVatForOrdering(db, user, body.client_id, now);
    const [branchId, pricedUser] = await Promise.all([branchFor(db, body.branch_id, client.branchId), pricingUserFor(db, user, client)]);
    const { lines, pricesIncludeVat } = await priceLines(db, pricedUser, body.lines, undefined, { membershipFee: offersMembershipFee(user), suppliedAt: now, context: vat });
    const total = orderTotal(lines);
    const insert = (tx: Db | Tx, creditCheck?: NewOrder['creditCheck']) =>
      insertNewOrder(tx, {
        clientId: client.id,
        branchId,
        createdBy: user.id,
        notes: body.notes ?? '',
        idempotencyKey: idempotencyKey ?? null,
        lines,
        pricesIncludeVat,
        audit: {
          action: 'create_order',
          data: { client_id: client.id, total, lines: lines.length, ...(body.credit_override_reason ? { credit_override_reason: body.credit_override_reason } : {}) },
        },
        announceLater: true,
        creditCheck,
      });
    // A client with a credit limit orders one at a time: its row locked, then the check and the
    // insert in one statement (its snapshot taken after the lock), so two orders at once cannot
    // both fit under what was left. The credit check is a direct part of the write, not an event:
    // it must answer before the write, and may refuse it.
    // What reacts to the order (its confirmation mail, webhooks) is queued by `order.created`
    // inside the order's own statement: it exists exactly when the order does, once.
    const { creditLimit } = client;
    const order =
      creditLimit === null
        ? await insert(db)
        : await db.transaction(async (tx) => {
            await tx.execute(sql`select 1 from ${clients} where ${clients.id} = ${client.id} for update`);
            return insert(tx, { limit: creditLimit, mayExceed: mayExceedCreditLimit(user, body.credit_override_reason) }).catch((error: unknown) => {
              if (error instanceof CreditLimitRefusal) throw overCreditLimit(user, positionOf(creditLimit, error.exposure, total));
              throw error;
            });
          });
    id = order.id;
    // Its stats, counters and live event, with the other orders committed meanwhile (see
    // announcements.ts). Should this fail, the order stands and the next sweep announces it.
    await announceOrder(db, id).catch(() => undefined);
  } catch (error) {
    if (idempotencyKey && uniqueViolation(error) === 'orders_idempotency') {
      const existing = await orderIdForKey(db, user, idempotencyKey);
      if (existing !== null) return { order: await getOrder(db, user, existing), created: false };
    }
    throw error;
  }
  return { order: await getOrder(db, user, id), created: true };
}

/**
 * `orders/quote` (an addition for the order form): what `create` would charge for these lines, in
 * the same way and with the same checks, writing nothing. The form shows it as the live total.
 */
export async function quoteOrder(db: Db, user: CurrentUser, body: CreateOrderBody, now: Date) {
  const client = await clientForOrdering(db, user, body.client_id);
  const { lines, pricesIncludeVat } = await priceLines(db, await pricingUserFor(db, user, client), body.lines, undefined, {
    membershipFee: offersMembershipFee(user),
    suppliedAt: now,
  });
  const total = orderTotal(lines);
  return {
    client_id: client.id,
    lines: lines.map((line) => ({
      product_id: line.productId,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      line_total: line.total,
      vat: line.vat,
      vat_class: line.vatClass,
      rate_bp: line.rateBp,
    })),
    total,
    vat: orderVat(lines),
    total_excl_vat: total - orderVat(lines),
    prices_include_vat: pricesIncludeVat,
    credit: await creditPosition(db, client, total),
  };
}

/** Locks an order the caller may see for a change; 404 otherwise. */
async function lockOrder(tx: Tx, user: CurrentUser, id: number) {
  return lockOrderWhere(tx, id, ordersVisibleTo(user));
}

async function lockOrderWhere(tx: Tx, id: number, visible: SQL | undefined) {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      version: orders.version,
      clientId: orders.clientId,
      reference: orders.reference,
      total: orders.total,
      branchId: orders.branchId,
      createdAt: orders.createdAt,
      pricesIncludeVat: orders.pricesIncludeVat,
    })
    .from(orders)
    .where(and(eq(orders.id, id), visible))
    .for('update');
  if (!order) throw notFound('Order');
  return order;
}
type LockedOrder = Awaited<ReturnType<typeof lockOrderWhere>>;

/** `orders/update`: lines and notes while the order is new or confirmed; a stale version is a 409. */
export async function updateOrder(db: Db, user: CurrentUser, body: UpdateOrderBody): Promise<OrderRecord> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, user, body.id);
    assertEditable(order);
    if (order.version !== body.version) throw staleSave('order', order.version);
    const before = await snapshot(tx, orders, order.id);
    const changes: Partial<typeof orders.$inferInsert> = { version: order.version + 1, updatedAt: new Date() };
    if (body.notes !== undefined) changes.notes = body.notes;
    if (body.lines) {
      const held = await tx.select({ productId: orderLines.productId, unitPrice: orderLines.unitPrice }).from(orderLines).where(eq(orderLines.orderId, order.id));
      const frozen = new Map(held.map((line) => [line.productId, line.unitPrice]));
      const client = await clientForOrdering(tx, user, order.clientId);
      const { lines } = await priceLines(tx, await pricingUserFor(tx, user, client), body.lines, frozen, {
        membershipFee: offersMembershipFee(user),
        suppliedAt: order.createdAt,
        pricesIncludeVat: order.pricesIncludeVat,
      });
      await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
      await insertLines(tx, order.id, lines);
      changes.total = orderTotal(lines);
      changes.vat = orderVat(lines);
      await moveInDailyStats(tx, order, order, { status: order.status, total: changes.total });
    }
    await tx.update(orders).set(changes).where(eq(orders.id, order.id));
    await recordAudit(tx, {
      userId: user.id,
      action: 'update_order',
      entity: 'order',
      entityId: order.id,
      data: body.lines ? { lines: body.lines.length } : undefined,
      before,
      after: await snapshot(tx, orders, order.id),
    });
    // What the lines held elsewhere (stock reserved for a confirmed order) is other modules' business.
    if (body.lines) {
      const origin = { at: new Date(), by: user.id };
      await domainEvents.publish(tx, 'order.lines_replaced', { id: order.id, reference: order.reference, client_id: order.clientId, status: order.status }, origin);
    }
  });
  return getOrder(db, user, body.id);
}

/** `orders/updatestatus`: one step of the workflow, a history row, and the dispatch email (queued with it). */
export async function updateStatus(deps: ModuleDeps, user: CurrentUser, id: number, to: OrderStatus): Promise<OrderRecord> {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, user, id);
    await stepStatus(tx, deps.publicUrl, { at: deps.now(), by: user.id }, order, to);
  });
  deps.jobs.wake();
  return getOrder(deps.db, user, id);
}

/**
 * One step of the workflow of a locked order, with its history, audit, mail and domain events.
 * Answers the order's row after the step, the audit's next `before` when steps follow each other
 * (advanceOrderTo): read again it would be the same row, as nothing else in the step writes it.
 */
async function stepStatus(tx: Tx, publicUrl: string, origin: { at: Date; by: number | null }, order: LockedOrder, to: OrderStatus, rowBefore?: Snapshot): Promise<Snapshot> {
  const id = order.id;
  advanceStatus(order, to);
  const before = rowBefore ?? (await snapshot(tx, orders, id));
  // The row as the update left it is the audit's `after`: no second read.
  const [after] = (await tx.update(orders).set({ status: to, version: order.version + 1, updatedAt: origin.at }).where(eq(orders.id, id)).returning()) as Snapshot[];
  await tx.insert(orderStatusHistory).values({ orderId: id, fromStatus: order.status, toStatus: to, userId: origin.by, at: origin.at });
  await moveInDailyStats(tx, order, order, { status: to, total: order.total });
  await recordAudit(tx, { userId: origin.by, action: 'update_order_status', entity: 'order', entityId: id, before, after });
  // The dispatch mail, with the tracking link, is this module's own notice of that step.
  if (to === 'dispatched') await queueDispatchedMail(tx, publicUrl, id);
  // The rest is other modules' business (the invoice at dispatch, the credit at a cancellation,
  // the member's status mail, webhooks), told in this transaction: server/events/domain.ts.
  const moved = { id, reference: order.reference, client_id: order.clientId };
  const from = order.status;
  Object.assign(order, { status: to, version: order.version + 1 });
  await domainEvents.publish(tx, 'order.status_changed', { ...moved, from, to, at: origin.at.toISOString() }, origin);
  if (to === 'cancelled') await domainEvents.publish(tx, 'order.cancelled', { ...moved, from }, origin);
  return after;
}

/**
 * Moves an order forward to `to` in the caller's transaction, one workflow step at a time (each
 * with its history, mail and events, as if clicked), when another module's change makes it so:
 * the last delivery sends the order to `dispatched`, the last proof of delivery to `delivered`.
 * Never cancels; an order already at `to`, past it or cancelled stays as it is.
 */
export async function advanceOrderTo(tx: Tx, publicUrl: string, origin: { at: Date; by: number | null }, id: number, to: OrderStatus): Promise<void> {
  const order = await lockOrderWhere(tx, id, undefined);
  const path: OrderStatus[] = [];
  for (let at = order.status; at !== to; ) {
    const next = nextStatuses[at].find((status) => status !== 'cancelled');
    if (!next) return;
    path.push(next);
    at = next;
  }
  // Each step's row after is the next one's before. No subscriber of a step writes the order's row
  // (they write their own tables); one that did would have to be read again here.
  let row: Snapshot | undefined;
  for (const step of path) row = await stepStatus(tx, publicUrl, origin, order, step, row);
}

/** `orders/save_courier`: who carries the order and its tracking number. */
export async function saveCourier(db: Db, user: CurrentUser, id: number, courierName: string, trackingNumber: string, expectedVersion?: number): Promise<OrderRecord> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, user, id);
    // The order's version is kept by this module (every change bumps it), the check is the shared one.
    if (expectedVersion !== undefined && order.version !== expectedVersion) throw staleSave('order', order.version);
    if (order.status === 'cancelled') {
      throw new HttpError(409, 'A cancelled order has no courier', { status: 'cancelled' });
    }
    const before = await snapshot(tx, orders, id);
    await tx
      .update(orders)
      .set({ courierName: courierName.trim(), trackingNumber: trackingNumber.trim(), version: order.version + 1, updatedAt: new Date() })
      .where(eq(orders.id, id));
    await recordAudit(tx, { userId: user.id, action: 'save_order_courier', entity: 'order', entityId: id, before, after: await snapshot(tx, orders, id) });
  });
  return getOrder(db, user, id);
}

/** `orders/delete`: only new or cancelled orders; everything else is history. */
export async function deleteOrder(db: Db, user: CurrentUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, user, id);
    assertDeletable(order);
    const invoice = await invoiceOfOrder(tx, id);
    if (invoice) throw new HttpError(409, `Order ${order.reference} has invoice ${invoice.number}: invoiced orders are kept (tax records)`, { id: 'invoiced' });
    const before = await snapshot(tx, orders, id);
    await tx.delete(orders).where(eq(orders.id, id));
    await moveInDailyStats(tx, order, order, null);
    await recordAudit(tx, { userId: user.id, action: 'delete_order', entity: 'order', entityId: id, before });
  });
}

/** `orders/orderbytoken`: what the public tracking page shows, and nothing more. */
export async function orderByToken(db: Db, token: string) {
  if (!new RegExp(TRACKING_TOKEN_PATTERN).test(token)) throw notFound('Order');
  const [order] = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      status: orders.status,
      created_at: orders.createdAt,
      courier_name: orders.courierName,
      tracking_number: orders.trackingNumber,
      total: orders.total,
      vat: orders.vat,
      client: { name: clients.name, type: clients.type },
      ...courierTrackingColumns(qualified(orders.id)),
    })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(eq(orders.token, token));
  if (!order) throw notFound('Order');
  const [lines, reached, sent] = await Promise.all([
    db
      .select(pricedLineColumns)
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position)),
    db
      .select({ status: orderStatusHistory.toStatus, at: sql<Date>`max(${orderStatusHistory.at})` })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), inArray(orderStatusHistory.toStatus, ['dispatched', 'delivered'])))
      .groupBy(orderStatusHistory.toStatus),
    db
      .select({ number: deliveries.number, created_at: deliveries.createdAt, courier: deliveries.courier, waybill: deliveries.waybill, signed_by: deliveries.signedBy, delivered_at: deliveries.deliveredAt })
      .from(deliveries)
      .where(eq(deliveries.orderId, order.id))
      .orderBy(asc(deliveries.id)),
  ]);
  const when = (status: OrderStatus) => {
    const at = reached.find((row) => row.status === status)?.at;
    return at ? new Date(at).toISOString() : null;
  };
  return {
    ...withCourierTracking(order),
    created_at: order.created_at.toISOString(),
    dispatched_at: when('dispatched'),
    delivered_at: when('delivered'),
    total_excl_vat: order.total - order.vat,
    vat_by_class: vatByClass(lines),
    lines: lines.map(({ rate_bp: _rate, ...line }) => line),
    deliveries: sent.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString(), delivered_at: row.delivered_at ? new Date(row.delivered_at).toISOString() : null })),
  };
}
