import { and, eq, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { branches, leads, roles, users, type LeadStatus } from '../../../db/schema';
import type { CurrentUser } from '../../../auth/roles';
import { recordAudit } from '../../../audit/record';
import { snapshot } from '../../../audit/snapshot';
import { pagedList, qualified } from '../../../db/queryParts';
import { uniqueViolation } from '../../../db/uniqueViolation';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { idsCondition, likePattern, orderByOf } from '../../../http/listQuery';
import { mailLocaleOf } from '../membership/mailMessages';
import type { LeadListParams, LeadRecord, LeadSaveInput } from './schemas';

/** Statuses in which a lead is still being worked (not converted into a client, not lost). */
export const openStatuses: LeadStatus[] = ['new', 'contacted', 'qualified'];
const closedStatuses: LeadStatus[] = ['converted', 'lost'];

const owner = sql<string | null>`(select ${qualified(users.name)} from ${users} where ${qualified(users.id)} = ${qualified(leads.ownerId)})`;

const columns = {
  id: leads.id,
  name: leads.name,
  contact_name: leads.contactName,
  email: leads.email,
  phone: leads.phone,
  company: leads.company,
  message: leads.message,
  client_type: leads.clientType,
  branch_id: leads.branchId,
  source: leads.source,
  status: leads.status,
  owner_id: leads.ownerId,
  owner_name: owner,
  notes: leads.notes,
  follow_up_at: leads.followUpAt,
  reject_reason: leads.rejectReason,
  client_id: leads.clientId,
  locale: leads.locale,
  created_at: leads.createdAt,
  updated_at: leads.updatedAt,
};
type LeadRow = Omit<LeadRecord, 'follow_up_at' | 'created_at' | 'updated_at' | 'locale'> & {
  follow_up_at: Date | null;
  created_at: Date;
  updated_at: Date;
  locale: string;
};

function toRecord(row: LeadRow): LeadRecord {
  return {
    ...row,
    locale: mailLocaleOf(row.locale),
    follow_up_at: row.follow_up_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** `crm/salesleads`: paged, sorted and filtered in SQL. */
export async function listLeads(db: Db, query: LeadListParams, now: Date): Promise<{ data: LeadRecord[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    idsCondition(leads.id, query.ids),
    query.status ? eq(leads.status, query.status) : undefined,
    query.source ? eq(leads.source, query.source) : undefined,
    query.owner_id ? eq(leads.ownerId, query.owner_id) : undefined,
    query.follow_up_due ? and(lte(leads.followUpAt, now), notInArray(leads.status, closedStatuses)) : undefined,
    query.requests ? and(eq(leads.source, 'register'), inArray(leads.status, openStatuses)) : undefined,
  ];
  const term = query.q?.trim();
  if (term) {
    const pattern = likePattern(term);
    conditions.push(
      sql`(${qualified(leads.name)} ilike ${pattern} or ${qualified(leads.email)} ilike ${pattern} or ${qualified(leads.company)} ilike ${pattern} or ${qualified(leads.contactName)} ilike ${pattern})`,
    );
  }
  const sortColumns = {
    created_at: leads.createdAt,
    name: sql`lower(${qualified(leads.name)})`,
    status: leads.status,
    follow_up_at: leads.followUpAt,
    id: leads.id,
  };
  const page = await pagedList<LeadRow>(db, { from: leads, columns, where: and(...conditions), orderBy: orderByOf(sortColumns, query, leads.id), query });
  return { data: page.data.map(toRecord), total: page.total };
}

/** One lead, or 404; `lock` holds it for the caller's transaction. */
export async function leadRow(db: Db | Tx, id: number, lock = false): Promise<LeadRow> {
  const query = db.select(columns).from(leads).where(eq(leads.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Lead');
  return row as LeadRow;
}

export const getLead = async (db: Db | Tx, id: number) => toRecord(await leadRow(db, id));

export async function assertBranch(tx: Db | Tx, branchId: number | null | undefined): Promise<void> {
  if (branchId == null) return;
  const [branch] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId));
  if (!branch) throw badRequest('branch_id', 'branch_id is not a known branch');
}

/** An owner works leads: an active admin or reseller. */
async function assertOwner(tx: Tx, ownerId: number | null | undefined): Promise<void> {
  if (ownerId == null) return;
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, ownerId), eq(users.active, true), inArray(roles.name, ['admin', 'reseller'])));
  if (!row) throw badRequest('owner_id', 'owner_id must name an active admin or reseller');
}

/**
 * The status rules of savelead and movelead: a lead becomes converted only by its approval
 * (crm/auth_membership, which makes the client), and a converted lead stays converted.
 */
function assertStatusChange(from: LeadStatus | null, to: LeadStatus | undefined): void {
  if (to === undefined || to === from) return;
  if (from === 'converted') throw conflict('status', 'this lead is converted into a member; its status no longer changes');
  if (to === 'converted') throw badRequest('status', 'a lead becomes converted by its approval (crm/auth_membership)');
}

function columnsOf(input: LeadSaveInput): Partial<typeof leads.$inferInsert> {
  const out: Partial<typeof leads.$inferInsert> = {};
  if (input.name !== undefined) out.name = input.name.trim();
  if (input.contact_name !== undefined) out.contactName = input.contact_name.trim();
  if (input.email !== undefined) out.email = input.email.trim();
  if (input.phone !== undefined) out.phone = input.phone.trim();
  if (input.company !== undefined) out.company = input.company.trim();
  if (input.message !== undefined) out.message = input.message;
  if (input.client_type !== undefined) out.clientType = input.client_type;
  if (input.branch_id !== undefined) out.branchId = input.branch_id;
  if (input.locale !== undefined) out.locale = input.locale;
  if (input.source !== undefined) out.source = input.source;
  if (input.status !== undefined) out.status = input.status;
  if (input.owner_id !== undefined) out.ownerId = input.owner_id;
  if (input.notes !== undefined) out.notes = input.notes;
  if (input.follow_up_at !== undefined) out.followUpAt = input.follow_up_at === null ? null : new Date(input.follow_up_at);
  if (input.reject_reason !== undefined) out.rejectReason = input.reject_reason;
  return out;
}

/** Two open /register requests for one email would break "one request per email". */
function translateOpenRequest(error: unknown): never {
  if (uniqueViolation(error) === 'leads_open_request_email') {
    throw conflict('email', 'an open member request with this email already exists');
  }
  throw error;
}

/** `crm/savelead` for an admin: creates without `id`, updates with one. */
export async function saveLead(db: Db, user: CurrentUser, input: LeadSaveInput, now: Date): Promise<{ lead: LeadRecord; created: boolean }> {
  if (input.id === undefined && !input.name?.trim()) throw badRequest('name', 'name is required');
  if (input.name !== undefined && !input.name.trim()) throw badRequest('name', 'name is required');
  try {
    const id = await db.transaction(async (tx) => {
      await assertBranch(tx, input.branch_id);
      await assertOwner(tx, input.owner_id);
      if (input.id === undefined) {
        assertStatusChange(null, input.status);
        const [row] = await tx
          .insert(leads)
          .values({ ...columnsOf(input), name: input.name!.trim(), ownerId: input.owner_id === undefined ? user.id : input.owner_id, createdAt: now, updatedAt: now })
          .returning({ id: leads.id });
        await recordAudit(tx, { userId: user.id, action: 'create_lead', entity: 'lead', entityId: row.id, after: await snapshot(tx, leads, row.id) });
        return row.id;
      }
      const stored = await leadRow(tx, input.id, true);
      assertStatusChange(stored.status, input.status);
      const before = await snapshot(tx, leads, input.id);
      await tx.update(leads).set({ ...columnsOf(input), updatedAt: now }).where(eq(leads.id, input.id));
      await recordAudit(tx, { userId: user.id, action: 'update_lead', entity: 'lead', entityId: input.id, before, after: await snapshot(tx, leads, input.id) });
      return input.id;
    });
    return { lead: await getLead(db, id), created: input.id === undefined };
  } catch (error) {
    translateOpenRequest(error);
  }
}

/** `crm/movelead`: the board's drag or keyboard move, under savelead's status rules. */
export async function moveLead(db: Db, user: CurrentUser, id: number, status: LeadStatus, now: Date): Promise<LeadRecord> {
  try {
    await db.transaction(async (tx) => {
      const stored = await leadRow(tx, id, true);
      assertStatusChange(stored.status, status);
      await tx.update(leads).set({ status, updatedAt: now }).where(eq(leads.id, id));
      await recordAudit(tx, { userId: user.id, action: 'move_lead', entity: 'lead', entityId: id, before: { status: stored.status }, after: { status } });
    });
  } catch (error) {
    translateOpenRequest(error);
  }
  return getLead(db, id);
}

/** `crm/deletelead`. The client a converted lead became stays. */
export async function deleteLead(db: Db, user: CurrentUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await leadRow(tx, id, true);
    const before = await snapshot(tx, leads, id);
    await tx.delete(leads).where(eq(leads.id, id));
    await recordAudit(tx, { userId: user.id, action: 'delete_lead', entity: 'lead', entityId: id, before });
  });
}
