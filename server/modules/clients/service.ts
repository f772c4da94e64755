import { and, count, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { lockAtVersion } from '../../http/recordVersion';
import type { Db, Tx } from '../../db/client';
import { branches, clientCounts, clients, repClients, roles, users, type ClientType, type MembershipStatus } from '../../db/schema';
import { uniqueViolation } from '../../db/uniqueViolation';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { type ListParams, cappedCount, cappedTotal, idsCondition, likePattern, orderByOf, pageOf } from '../../http/listQuery';
import { rowsOf } from '../../db/rows';
import { assertClientVisible, isMember } from './access';
import { ordersOfClient } from './orders';
import { domainEvents } from '../../events/domain';

/** How long an activated membership runs. */
export const MEMBERSHIP_DAYS = 365;

export const clientSortFields = [
  'name',
  'id',
  'type',
  'contact_name',
  'email',
  'branch_id',
  'membership_status',
  'membership_expires_at',
  'created_at',
] as const;
export type ClientSortField = (typeof clientSortFields)[number];

export interface ClientListQuery extends ListParams<ClientSortField> {
  q?: string;
  type?: ClientType;
  branch_id?: number;
  membership_status?: MembershipStatus;
  rep?: number;
  archived?: boolean;
  /** A search's total counted to the last client instead of stopping at `COUNT_CAP`. */
  exact_total?: boolean;
}

/** The rep ids of a client, as a sorted array, computed in the same query as the client. */
const repIdsOf = sql<number[]>`coalesce((select array_agg(${repClients.repUserId} order by ${repClients.repUserId}) from ${repClients} where ${repClients.clientId} = ${clients.id}), '{}')`;

const clientColumns = {
  id: clients.id,
  type: clients.type,
  name: clients.name,
  contactName: clients.contactName,
  email: clients.email,
  phone: clients.phone,
  address: clients.address,
  branchId: clients.branchId,
  membershipStatus: clients.membershipStatus,
  membershipExpiresAt: clients.membershipExpiresAt,
  questionAnswers: clients.questionAnswers,
  archivedAt: clients.archivedAt,
  createdAt: clients.createdAt,
  version: clients.version,
  repIds: repIdsOf,
};

type ClientRow = {
  [K in keyof typeof clientColumns]: K extends 'repIds' ? number[] : (typeof clients.$inferSelect)[Exclude<K, 'repIds'>];
};

/** The client's wire shape (snake_case), plus what the screens show. */
export function clientRecord(row: ClientRow) {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    contact_name: row.contactName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    branch_id: row.branchId,
    membership_status: row.membershipStatus,
    membership_expires_at: row.membershipExpiresAt?.toISOString() ?? null,
    rep_ids: (row.repIds ?? []).map(Number),
    question_answers: row.questionAnswers,
    archived: row.archivedAt !== null,
    created_at: row.createdAt.toISOString(),
    /** Sent back in If-Match by a save of this record (server/http/recordVersion.ts). */
    version: row.version,
  };
}
export type ClientRecord = ReturnType<typeof clientRecord>;

const sortColumns = {
  name: clients.name,
  id: clients.id,
  type: clients.type,
  contact_name: clients.contactName,
  email: clients.email,
  branch_id: clients.branchId,
  membership_status: clients.membershipStatus,
  membership_expires_at: clients.membershipExpiresAt,
  created_at: clients.createdAt,
};

function listConditions(query: ClientListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.archived ? isNotNull(clients.archivedAt) : isNull(clients.archivedAt),
    idsCondition(clients.id, query.ids),
    query.type ? eq(clients.type, query.type) : undefined,
    query.branch_id ? eq(clients.branchId, query.branch_id) : undefined,
    query.membership_status ? eq(clients.membershipStatus, query.membership_status) : undefined,
    query.rep
      ? sql`exists (select 1 from ${repClients} where ${repClients.clientId} = ${clients.id} and ${repClients.repUserId} = ${query.rep})`
      : undefined,
  ];
  const term = query.q?.trim();
  if (term) {
    const pattern = likePattern(term);
    conditions.push(
      or(ilike(clients.name, pattern), ilike(clients.contactName, pattern), ilike(clients.email, pattern), ilike(clients.phone, pattern)),
    );
  }
  return and(...conditions);
}

/** The kept counts' rows of the list's type, membership, branch and archived filters. */
function keptCountConditions(query: ClientListQuery): SQL | undefined {
  return and(
    eq(clientCounts.archived, Boolean(query.archived)),
    query.type ? eq(clientCounts.type, query.type) : undefined,
    query.branch_id ? eq(clientCounts.branchId, query.branch_id) : undefined,
    query.membership_status ? eq(clientCounts.membershipStatus, query.membership_status) : undefined,
  );
}

/** The list's total (see `listClients`): a capped count, the kept counts, or the rows counted. */
async function totalOf(db: Db, query: ClientListQuery, where: SQL | undefined, capped: boolean): Promise<number> {
  if (capped) {
    const [{ total }] = rowsOf<{ total: number | string }>(await db.execute(sql`select ${cappedCount(sql`${clients}`, where)} as total`));
    return Number(total);
  }
  if (!query.q?.trim() && !query.rep && !query.ids) {
    const [{ total }] = await db.select({ total: sql<string>`coalesce(sum(${clientCounts.clients}), 0)` }).from(clientCounts).where(keptCountConditions(query));
    return Number(total);
  }
  const [{ total }] = await db.select({ total: count() }).from(clients).where(where);
  return total;
}

/**
 * clients/all: one page, sorted and filtered in SQL. Archived clients only when asked for. The page
 * sorted by name walks `clients_listed_name` (filters tested on the way, a rare search found by
 * its trigram indexes instead). The total: without a search, rep or ids, the sum of the kept
 * counts' rows the filters select (`client_counts`); a search's count stops at `COUNT_CAP`
 * (`total_capped`) unless `exact_total` asks for every match, as the orders list's does.
 */
export async function listClients(db: Db, query: ClientListQuery) {
  const where = listConditions(query);
  const { limit, offset } = pageOf(query);
  const capped = Boolean(query.q?.trim()) && !query.exact_total;
  const [rows, total] = await Promise.all([
    db
      .select(clientColumns)
      .from(clients)
      .where(where)
      .orderBy(...orderByOf(sortColumns, query, clients.id))
      .limit(limit)
      .offset(offset),
    totalOf(db, query, where, capped),
  ]);
  return { data: rows.map(clientRecord), ...cappedTotal(total, capped) };
}

export async function findClient(db: Db | Tx, id: number): Promise<ClientRecord | null> {
  const [row] = await db.select(clientColumns).from(clients).where(eq(clients.id, id));
  return row ? clientRecord(row) : null;
}

/** A client the caller may see, or 404. */
export async function visibleClient(db: Db | Tx, user: CurrentUser, id: number): Promise<ClientRecord> {
  assertClientVisible(user, id);
  const client = await findClient(db, id);
  if (!client) throw notFound('Client');
  return client;
}

/** clients/client: the client with a first page of its orders and their counts. */
export async function clientWithOrders(db: Db, user: CurrentUser, id: number, ordersPage: number) {
  const client = await visibleClient(db, user, id);
  const orders = await ordersOfClient(db, id, ordersPage);
  return { ...client, ...orders };
}

export interface ClientInput {
  id?: number;
  type?: ClientType;
  name?: string;
  contact_name?: string;
  email?: string;
  phone?: string;
  address?: string;
  branch_id?: number | null;
  membership_status?: MembershipStatus;
  membership_expires_at?: string | null;
  rep_ids?: number[];
}

/** What only the company may change: a member saving its own client may send them unchanged only. */
const companyOnlyFields = ['type', 'branch_id', 'membership_status', 'membership_expires_at', 'rep_ids'] as const;

function sameValue(field: (typeof companyOnlyFields)[number], sent: unknown, stored: ClientRecord): boolean {
  if (field === 'membership_expires_at') {
    const time = (value: unknown) => (value == null ? null : new Date(value as string).getTime());
    return time(sent) === time(stored.membership_expires_at);
  }
  if (field === 'rep_ids') return [...(sent as number[])].sort((a, b) => a - b).join(',') === stored.rep_ids.join(',');
  return sent === stored[field];
}

function assertMemberMayChange(input: ClientInput, stored: ClientRecord): void {
  for (const field of companyOnlyFields) {
    if (input[field] !== undefined && !sameValue(field, input[field], stored)) {
      throw new HttpError(403, `${field} can only be changed by the company`, { [field]: 'can only be changed by the company' });
    }
  }
}

async function assertBranchExists(tx: Tx, branchId: number | null | undefined): Promise<void> {
  if (branchId == null) return;
  const [branch] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId));
  if (!branch) throw badRequest('branch_id', 'branch_id is not a known branch');
}

async function assertRepsExist(tx: Tx, repIds: number[]): Promise<void> {
  if (repIds.length === 0) return;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(inArray(users.id, repIds), eq(roles.name, 'reseller')));
  if (found.length !== new Set(repIds).size) throw badRequest('rep_ids', 'rep_ids must name reseller users');
}

/** The columns a save writes, from the fields that were sent. */
function columnsOf(input: ClientInput) {
  const columns: Partial<typeof clients.$inferInsert> = {};
  if (input.type !== undefined) columns.type = input.type;
  if (input.name !== undefined) columns.name = input.name.trim();
  if (input.contact_name !== undefined) columns.contactName = input.contact_name.trim();
  if (input.email !== undefined) columns.email = input.email.trim();
  if (input.phone !== undefined) columns.phone = input.phone.trim();
  if (input.address !== undefined) columns.address = input.address.trim();
  if (input.branch_id !== undefined) columns.branchId = input.branch_id;
  if (input.membership_status !== undefined) columns.membershipStatus = input.membership_status;
  if (input.membership_expires_at !== undefined) {
    columns.membershipExpiresAt = input.membership_expires_at === null ? null : new Date(input.membership_expires_at);
  }
  return columns;
}

/** A duplicate email (any spelling) among live clients is a 409 naming `email`; anything else is rethrown. */
export function translateUnique(error: unknown): never {
  if (uniqueViolation(error) === 'clients_email_lower') throw conflict('email', 'a member with this email already exists');
  throw error;
}

/** The rules of a client save that need no database: a new client has a type and a name, a name is never blank. */
export function assertClientInput(input: ClientInput): void {
  if (input.id === undefined) {
    if (!input.type) throw badRequest('type', 'type is required');
    if (!input.name?.trim()) throw badRequest('name', 'name is required');
  } else if (input.name !== undefined && !input.name.trim()) {
    throw badRequest('name', 'name is required');
  }
}

/** The `client.created` payload: one shape wherever a client is made (members screen, rep, import). */
export const clientCreatedData = (client: Pick<ClientRecord, 'id' | 'type' | 'name' | 'email' | 'branch_id'>) => ({
  id: client.id,
  type: client.type,
  name: client.name,
  email: client.email,
  branch_id: client.branch_id,
});

const activatedData = (client: ClientRecord, previous: string | null, via: 'activate_membership' | 'edit') => ({
  client_id: client.id,
  name: client.name,
  expires_at: client.membership_expires_at,
  previous_status: previous,
  via,
});

/**
 * Creates (no id) or updates a client inside the caller's transaction, with its audit entry; the
 * caller has checked `assertClientInput` and who may save. Shared by clients/save and reps/saveclient.
 */
export async function writeClient(tx: Tx, user: CurrentUser, input: ClientInput, now: Date, expectedVersion?: number): Promise<ClientRecord> {
  let id = input.id;
  let before: ClientRecord | null = null;
  if (id === undefined) {
    await assertBranchExists(tx, input.branch_id);
    const [created] = await tx
      .insert(clients)
      .values({ ...columnsOf(input), type: input.type!, name: input.name!.trim() })
      .returning({ id: clients.id });
    id = created.id;
  } else {
    const stored = await visibleClient(tx, user, id);
    // After the visibility check: a record the caller may not see stays a 404, whatever version it names.
    await lockAtVersion(tx, clients, clients, id, expectedVersion, 'member');
    before = stored;
    if (stored.archived) throw conflict('id', 'this member is archived');
    if (isMember(user)) assertMemberMayChange(input, stored);
    if (input.branch_id !== stored.branch_id) await assertBranchExists(tx, input.branch_id);
    await tx
      .update(clients)
      .set({ ...columnsOf(input), updatedAt: now })
      .where(eq(clients.id, id));
    if (input.email !== undefined && input.email !== stored.email) {
      await domainEvents.publish(tx, 'client.email_changed', { id, from: stored.email, to: input.email }, { at: now, by: user.id });
    }
    // A client's users have the client's type as their role (admin/createclientuser).
    if (input.type !== undefined && input.type !== stored.type) {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, input.type));
      await tx.update(users).set({ roleId: role.id, updatedAt: now }).where(eq(users.clientId, id));
    }
  }
  if (input.rep_ids !== undefined && !isMember(user)) {
    await assertRepsExist(tx, input.rep_ids);
    await tx.delete(repClients).where(eq(repClients.clientId, id));
    const repIds = [...new Set(input.rep_ids)];
    if (repIds.length) await tx.insert(repClients).values(repIds.map((repUserId) => ({ repUserId, clientId: id })));
  }
  const after = (await findClient(tx, id))!;
  await recordAudit(tx, {
    userId: user.id,
    action: input.id === undefined ? 'create' : 'update',
    entity: 'client',
    entityId: id,
    data: input.rep_ids !== undefined && !isMember(user) ? { rep_ids: input.rep_ids } : undefined,
    before,
    after,
  });
  if (input.id === undefined) await domainEvents.publish(tx, 'client.created', clientCreatedData(after), { at: now, by: user.id });
  return after;
}

/**
 * clients/save: creates without id (company only) and updates with one. A member may update its
 * own client's name and contact details, nothing the company decides (type, branch, membership, reps).
 */
export async function saveClient(db: Db, user: CurrentUser, input: ClientInput, now: Date, expectedVersion: number | undefined) {
  if (input.id === undefined && isMember(user)) throw new HttpError(403, 'Your role may not create members');
  assertClientInput(input);
  try {
    return await db.transaction(async (tx) => {
      const before = input.id === undefined ? undefined : (await findClient(tx, input.id))?.membership_status;
      const after = await writeClient(tx, user, input, now, expectedVersion);
      // An admin's edit that makes the membership active is an activation like activate_membership.
      if (after.membership_status === 'active' && before !== 'active') {
        await domainEvents.publish(tx, 'membership.activated', activatedData(after, before ?? null, 'edit'), { at: now, by: user.id });
      }
      return after;
    });
  } catch (error) {
    translateUnique(error);
  }
}

/**
 * clients/delete archives: the client leaves the lists, its users are deactivated (their tokens
 * stop working), and everything that refers to it (orders, rep links, the audit log) stays intact.
 */
export async function archiveClient(db: Db, user: CurrentUser, id: number, now: Date) {
  await db.transaction(async (tx) => {
    const stored = await visibleClient(tx, user, id);
    if (stored.archived) throw conflict('id', 'this member is already archived');
    await tx.update(clients).set({ archivedAt: now, updatedAt: now }).where(eq(clients.id, id));
    await tx
      .update(users)
      .set({ active: false, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(and(eq(users.clientId, id), eq(users.active, true)));
    await recordAudit(tx, { userId: user.id, action: 'archive', entity: 'client', entityId: id, before: stored, after: await findClient(tx, id) });
  });
  return { id };
}

/** clients/save_question_answers: the membership questions' answers, replaced as a whole. */
export async function saveQuestionAnswers(db: Db, user: CurrentUser, id: number, answers: Record<string, string>, now: Date) {
  return db.transaction(async (tx) => {
    const stored = await visibleClient(tx, user, id);
    if (stored.archived) throw conflict('id', 'this member is archived');
    await tx.update(clients).set({ questionAnswers: answers, updatedAt: now }).where(eq(clients.id, id));
    const after = (await findClient(tx, id))!;
    await recordAudit(tx, { userId: user.id, action: 'save_question_answers', entity: 'client', entityId: id, before: stored, after });
    return after;
  });
}

/**
 * clients/activate_membership: the membership becomes active for MEMBERSHIP_DAYS, counted from its
 * current expiry when that is still ahead (an early renewal loses nothing), else from now.
 */
export async function activateMembership(db: Db, user: CurrentUser, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const stored = await visibleClient(tx, user, id);
    if (stored.archived) throw conflict('id', 'this member is archived');
    const current = stored.membership_expires_at ? new Date(stored.membership_expires_at) : null;
    const from = current && current > now ? current : now;
    const expiresAt = new Date(from.getTime() + MEMBERSHIP_DAYS * 86400_000);
    await tx
      .update(clients)
      .set({ membershipStatus: 'active', membershipExpiresAt: expiresAt, updatedAt: now })
      .where(eq(clients.id, id));
    const after = (await findClient(tx, id))!;
    await recordAudit(tx, { userId: user.id, action: 'activate_membership', entity: 'client', entityId: id, before: stored, after });
    await domainEvents.publish(tx, 'membership.activated', activatedData(after, stored.membership_status, 'activate_membership'), { at: now, by: user.id });
    return after;
  });
}
