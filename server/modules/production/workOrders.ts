import { type SQL, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { products, workOrders } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { snapshot } from '../../audit/snapshot';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { isoText } from '../../db/queryParts';
import { pageOf } from '../../http/listQuery';
import { lockLevels, moveInProduction, recordMovements } from '../stock/levels';
import { fillBackorders } from '../stock/reservations';
import type { CompleteWorkOrderInput, CreateWorkOrderInput, WorkOrderListParams, WorkOrderRecord } from './wire';
import { saleItemOf } from '../stock/saleItem';

const columns = sql`w.id, w.number, w.branch_id, w.product_id, p.name as product_name, p.sku, w.quantity, w.made, w.status,
  to_char(w.planned_for, 'YYYY-MM-DD') as planned_for, ${isoText(sql`w.created_at`)} as created_at, ${isoText(sql`w.updated_at`)} as updated_at`;

async function workOrderOf(db: Db | Tx, id: number): Promise<WorkOrderRecord> {
  const [row] = rowsOf<WorkOrderRecord>(await db.execute(sql`select ${columns} from ${workOrders} w join ${products} p on p.id = w.product_id where w.id = ${id}`));
  if (!row) throw notFound('Work order');
  return row;
}

export async function listWorkOrders(db: Db, query: WorkOrderListParams) {
  const where: SQL[] = [];
  if (query.branch_id !== undefined && query.branch_id > 0) where.push(sql`w.branch_id = ${query.branch_id}`);
  if (query.product_id !== undefined) where.push(sql`w.product_id = ${query.product_id}`);
  if (query.status !== undefined) where.push(sql`w.status = ${query.status}`);
  const condition = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const direction = query.order === 'DESC' ? sql`desc` : sql`asc`;
  const sort = query.sort === 'planned_for' ? sql`w.planned_for ${direction} nulls last,` : query.sort === 'status' ? sql`w.status ${direction},` : sql``;
  const { limit, offset } = pageOf(query);
  const [rows, counted] = await Promise.all([
    db.execute(sql`select ${columns} from ${workOrders} w join ${products} p on p.id = w.product_id ${condition} order by ${sort} w.id ${direction} limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as total from ${workOrders} w ${condition}`),
  ]);
  return { data: rowsOf<WorkOrderRecord>(rows), total: rowsOf<{ total: number }>(counted)[0].total };
}

/**
 * `production/createworkorder`: production is asked to make units of a product on sale in a
 * branch; what is to make counts in the level's in production at once (the plan stops asking).
 */
export async function createWorkOrder(db: Db, user: CurrentUser, input: CreateWorkOrderInput, now: Date): Promise<WorkOrderRecord> {
  return db.transaction(async (tx) => {
    const item = await saleItemOf(tx, input);
    await lockLevels(tx, [item]);
    const [made] = await tx
      .insert(workOrders)
      .values({ branchId: item.branchId, productId: item.productId, itemKey: item.itemKey, quantity: input.quantity, plannedFor: input.planned_for ?? null, createdBy: user.id, createdAt: now, updatedAt: now })
      .returning({ id: workOrders.id });
    await moveInProduction(tx, item, input.quantity);
    await recordAudit(tx, { userId: user.id, action: 'create_work_order', entity: 'work_order', entityId: made.id, after: await snapshot(tx, workOrders, made.id) });
    return workOrderOf(tx, made.id);
  });
}

/**
 * `production/completeworkorder`: units made (all that is left, or part of it). They are stock at
 * once — a `production` movement in the branch — and go to the oldest backorders first, in this
 * transaction; the work order is done when everything is made.
 */
export async function completeWorkOrder(db: Db, user: CurrentUser, input: CompleteWorkOrderInput, now: Date): Promise<WorkOrderRecord> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(workOrders).where(eq(workOrders.id, input.id)).for('update');
    if (!order) throw notFound('Work order');
    if (order.status === 'done') throw new HttpError(409, `Work order ${order.number} is done`, { id: 'done' });
    const left = order.quantity - order.made;
    if (input.quantity > left) throw badRequest('quantity', `quantity is more than the ${left} left to make on ${order.number}`);
    const item = { branchId: order.branchId, productId: order.productId, itemKey: order.itemKey };
    await lockLevels(tx, [item]);
    const before = await snapshot(tx, workOrders, order.id);
    const made = order.made + input.quantity;
    await tx
      .update(workOrders)
      .set({ made, status: made === order.quantity ? 'done' : 'in_progress', updatedAt: now })
      .where(eq(workOrders.id, order.id));
    await recordMovements(tx, [{ ...item, kind: 'production', quantity: input.quantity, reason: order.number, userId: user.id, at: now }]);
    await moveInProduction(tx, item, -input.quantity);
    await fillBackorders(tx, [item], { at: now, by: user.id });
    await recordAudit(tx, { userId: user.id, action: 'complete_work_order', entity: 'work_order', entityId: order.id, data: { quantity: input.quantity }, before, after: await snapshot(tx, workOrders, order.id) });
    return workOrderOf(tx, order.id);
  });
}
