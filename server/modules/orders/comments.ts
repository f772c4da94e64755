import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderComments, orders, users } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { notFound } from '../../http/errors';
import { pageOf } from '../../http/listQuery';
import { ordersVisibleTo } from './access';

async function assertOrderVisible(db: Db, user: CurrentUser, orderId: number): Promise<void> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), ordersVisibleTo(user)));
  if (!order) throw notFound('Order');
}

const commentColumns = {
  id: orderComments.id,
  order_id: orderComments.orderId,
  text: orderComments.text,
  author: users.name,
  created_at: orderComments.createdAt,
};

/** An order's comments, newest first, for whoever may see the order. */
export async function listComments(db: Db, user: CurrentUser, query: { order_id: number; page: number; perPage: number }) {
  await assertOrderVisible(db, user, query.order_id);
  const { limit, offset } = pageOf(query);
  const where = eq(orderComments.orderId, query.order_id);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(commentColumns)
      .from(orderComments)
      .innerJoin(users, eq(users.id, orderComments.userId))
      .where(where)
      .orderBy(desc(orderComments.createdAt), desc(orderComments.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(orderComments).where(where),
  ]);
  return { data: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })), total };
}

export async function addComment(db: Db, user: CurrentUser, orderId: number, text: string) {
  await assertOrderVisible(db, user, orderId);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(orderComments).values({ orderId, userId: user.id, text: text.trim() }).returning({ id: orderComments.id });
    await recordAudit(tx, { userId: user.id, action: 'comment_order', entity: 'order', entityId: orderId, data: { comment_id: row.id } });
    return row.id;
  });
  const [comment] = await db.select(commentColumns).from(orderComments).innerJoin(users, eq(users.id, orderComments.userId)).where(eq(orderComments.id, id));
  return { ...comment, created_at: comment.created_at.toISOString() };
}
