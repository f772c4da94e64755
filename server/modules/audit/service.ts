import { and, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import type { FieldChange } from '../../audit/changes';
import { businessDayStart, idsCondition, likePattern, orderByOf, pageOf, type ListParams } from '../../http/listQuery';

export const auditSortFields = ['at', 'id', 'action', 'entity', 'user_name'] as const;

export interface AuditListParams extends ListParams<(typeof auditSortFields)[number]> {
  user_id?: number;
  /** Part of the acting user's name or email. */
  user?: string;
  entity?: string;
  entity_id?: string;
  /** Part of the action's name (`update` finds update_order_status too). */
  action?: string;
  date_from?: string;
  date_to?: string;
}

/**
 * One entry as the audit screen shows it: who (null for the public: a registration, a reset link),
 * what and when, the entry's context, and each changed field as before → after.
 */
function toRecord(row: { id: number; at: Date; userId: number | null; userName: string | null; userEmail: string | null; action: string; entity: string; entityId: string | null; data: Record<string, unknown> }) {
  const { changes, ...context } = row.data as { changes?: Record<string, FieldChange> } & Record<string, unknown>;
  return {
    id: row.id,
    at: row.at.toISOString(),
    user_id: row.userId,
    user_name: row.userName,
    user_email: row.userEmail,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    data: context,
    changes: Object.entries(changes ?? {}).map(([field, change]) => ({ field, before: change.before ?? null, after: change.after ?? null })),
  };
}

/** `admin/auditlog`: paged, sorted and filtered in SQL (the log grows with every write). */
export async function listAudit(db: Db, query: AuditListParams) {
  const conditions: (SQL | undefined)[] = [idsCondition(auditLog.id, query.ids)];
  if (query.user_id !== undefined) conditions.push(eq(auditLog.userId, query.user_id));
  if (query.user) conditions.push(or(ilike(users.name, likePattern(query.user)), ilike(users.email, likePattern(query.user))));
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.entity_id) conditions.push(eq(auditLog.entityId, query.entity_id));
  if (query.action) conditions.push(ilike(auditLog.action, likePattern(query.action)));
  if (query.date_from) conditions.push(gte(auditLog.at, businessDayStart(query.date_from)));
  if (query.date_to) conditions.push(lt(auditLog.at, businessDayStart(query.date_to, 1)));
  const where = and(...conditions);
  const { limit, offset } = pageOf(query);
  const columns = {
    id: auditLog.id,
    at: auditLog.at,
    userId: auditLog.userId,
    userName: users.name,
    userEmail: users.email,
    action: auditLog.action,
    entity: auditLog.entity,
    entityId: auditLog.entityId,
    data: auditLog.data,
  };
  const sortColumns = { at: auditLog.at, id: auditLog.id, action: auditLog.action, entity: auditLog.entity, user_name: users.name };
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(where)
      .orderBy(...orderByOf(sortColumns, query, auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).leftJoin(users, eq(users.id, auditLog.userId)).where(where),
  ]);
  return { data: rows.map(toRecord), total };
}
