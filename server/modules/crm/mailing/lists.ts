import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { clients, emailDeliverability, mailingListClients, mailingLists, mailingSends, unsubscribes } from '../../../db/schema';
import type { CurrentUser } from '../../../auth/roles';
import { recordAudit } from '../../../audit/record';
import { snapshot } from '../../../audit/snapshot';
import { assertAllExist, pagedList, qualified } from '../../../db/queryParts';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { affectedRows } from '../../../db/rows';
import { idsCondition, likePattern, orderByOf, pageOf } from '../../../http/listQuery';
import type {
  MailingListListParams,
  MailingListParams,
  MailingListRecord,
  MemberRecord,
  SaveMailingListBody,
  SaveMembersBody,
  SegmentBody,
} from './schemas';

const clientCount = sql<number>`(select count(*)::int from mailing_list_clients m where m.list_id = ${qualified(mailingLists.id)})`;
const unsubscribedCount = sql<number>`(select count(*)::int from mailing_list_clients m
  join unsubscribes u on u.client_id = m.client_id
  where m.list_id = ${qualified(mailingLists.id)})`;

// Members a send would skip because their address bounces (those who unsubscribed are counted above).
const undeliverableCount = sql<number>`(select count(*)::int from mailing_list_clients m
  join ${clients} c on c.id = m.client_id
  join ${emailDeliverability} ed on ed.email = lower(c.email) and ed.undeliverable_at is not null
  where m.list_id = ${qualified(mailingLists.id)} and not exists (select 1 from unsubscribes u where u.client_id = m.client_id))`;

const columns = {
  id: mailingLists.id,
  name: mailingLists.name,
  description: mailingLists.description,
  client_count: clientCount,
  unsubscribed_count: unsubscribedCount,
  undeliverable_count: undeliverableCount,
  created_at: mailingLists.createdAt,
};
type ListRow = Omit<MailingListRecord, 'created_at'> & { created_at: Date };
const toRecord = (row: ListRow): MailingListRecord => ({ ...row, created_at: row.created_at.toISOString() });

export async function listMailingLists(db: Db, query: MailingListListParams) {
  const where = and(idsCondition(mailingLists.id, query.ids), query.q ? sql`${qualified(mailingLists.name)} ilike ${likePattern(query.q)}` : undefined);
  const sortColumns = { name: sql`lower(${qualified(mailingLists.name)})`, client_count: clientCount, id: mailingLists.id, created_at: mailingLists.createdAt };
  const page = await pagedList<ListRow>(db, { from: mailingLists, columns, where, orderBy: orderByOf(sortColumns, query, mailingLists.id), query });
  return { data: page.data.map(toRecord), total: page.total };
}

export async function getMailingList(db: Db | Tx, id: number): Promise<MailingListRecord> {
  const [row] = await db.select(columns).from(mailingLists).where(eq(mailingLists.id, id));
  if (!row) throw notFound('Mailing list');
  return toRecord(row as ListRow);
}

async function lockList(tx: Tx, id: number): Promise<{ name: string }> {
  const [row] = await tx.select({ name: mailingLists.name }).from(mailingLists).where(eq(mailingLists.id, id)).for('update');
  if (!row) throw notFound('Mailing list');
  return row;
}

/** `crm/mailinglist`: the list and one page of its members, searched by name, contact or email in SQL. */
export async function mailingListWithMembers(db: Db, query: MailingListParams) {
  const list = await getMailingList(db, query.id);
  const conditions: (SQL | undefined)[] = [eq(mailingListClients.listId, query.id)];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(sql`(${clients.name} ilike ${pattern} or ${clients.contactName} ilike ${pattern} or ${clients.email} ilike ${pattern})`);
  }
  if (query.unsubscribed !== undefined) conditions.push(query.unsubscribed ? isNotNull(unsubscribes.clientId) : isNull(unsubscribes.clientId));
  const where = and(...conditions);
  const sortColumns = { name: sql`lower(${clients.name})`, email: sql`lower(${clients.email})`, added_at: mailingListClients.addedAt, client_id: clients.id };
  const { limit, offset } = pageOf(query);
  const base = () =>
    db
      .select()
      .from(mailingListClients)
      .innerJoin(clients, eq(clients.id, mailingListClients.clientId))
      .leftJoin(unsubscribes, eq(unsubscribes.clientId, mailingListClients.clientId))
      .leftJoin(emailDeliverability, and(eq(emailDeliverability.email, sql`lower(${clients.email})`), isNotNull(emailDeliverability.undeliverableAt)))
      .where(where);
  const [rows, [{ total }]] = await Promise.all([
    base()
      .orderBy(...orderByOf(sortColumns, query, clients.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(mailingListClients)
      .innerJoin(clients, eq(clients.id, mailingListClients.clientId))
      .leftJoin(unsubscribes, eq(unsubscribes.clientId, mailingListClients.clientId))
      .where(where),
  ]);
  const members: MemberRecord[] = rows.map((r) => ({
    client_id: r.clients.id,
    name: r.clients.name,
    contact_name: r.clients.contactName,
    email: r.clients.email,
    type: r.clients.type,
    branch_id: r.clients.branchId,
    membership_status: r.clients.membershipStatus,
    archived: r.clients.archivedAt !== null,
    unsubscribed: r.unsubscribes !== null,
    unsubscribed_at: r.unsubscribes?.at.toISOString() ?? null,
    undeliverable: r.email_deliverability !== null,
    added_at: r.mailing_list_clients.addedAt.toISOString(),
  }));
  return { list, members, total };
}

export async function saveMailingList(db: Db, user: CurrentUser, input: SaveMailingListBody) {
  const name = input.name.trim();
  if (!name) throw badRequest('name', 'name is required');
  const description = input.description?.trim();
  const id = await db.transaction(async (tx) => {
    if (input.id) {
      await lockList(tx, input.id);
      const before = await snapshot(tx, mailingLists, input.id);
      await tx
        .update(mailingLists)
        .set({ name, ...(description === undefined ? {} : { description }), updatedAt: new Date() })
        .where(eq(mailingLists.id, input.id));
      await recordAudit(tx, { userId: user.id, action: 'update_mailing_list', entity: 'mailing_list', entityId: input.id, before, after: await snapshot(tx, mailingLists, input.id) });
      return input.id;
    }
    const [created] = await tx.insert(mailingLists).values({ name, description: description ?? '' }).returning({ id: mailingLists.id });
    await recordAudit(tx, { userId: user.id, action: 'create_mailing_list', entity: 'mailing_list', entityId: created.id, after: await snapshot(tx, mailingLists, created.id) });
    return created.id;
  });
  return { list: await getMailingList(db, id), created: !input.id };
}

/** `crm/savemailinglistclients`: adds `client_ids` (already members are ignored) and removes `remove_client_ids`. */
export async function saveMembers(db: Db, user: CurrentUser, input: SaveMembersBody) {
  const add = [...new Set(input.client_ids)];
  const remove = [...new Set(input.remove_client_ids ?? [])];
  await db.transaction(async (tx) => {
    await lockList(tx, input.id);
    await assertAllExist(tx, 'client_ids', clients.id, add);
    if (add.length > 0) {
      await tx
        .insert(mailingListClients)
        .values(add.map((clientId) => ({ listId: input.id, clientId })))
        .onConflictDoNothing();
    }
    if (remove.length > 0) {
      await tx.delete(mailingListClients).where(and(eq(mailingListClients.listId, input.id), inArray(mailingListClients.clientId, remove)));
    }
    await recordAudit(tx, { userId: user.id, action: 'update_mailing_list_clients', entity: 'mailing_list', entityId: input.id, data: { added: add, removed: remove } });
  });
  return getMailingList(db, input.id);
}

/**
 * `crm/addsegment`: every live client with an email that matches the filters joins the list, in
 * one INSERT … SELECT (a segment of thousands is one statement, not thousands of requests).
 */
export async function addSegment(db: Db, user: CurrentUser, input: SegmentBody) {
  if (input.type === undefined && input.branch_id === undefined && input.membership_status === undefined) {
    throw badRequest('type', 'choose at least one of type, branch_id or membership_status');
  }
  const filters: SQL[] = [sql`c.archived_at is null`, sql`c.email <> ''`];
  if (input.type !== undefined) filters.push(sql`c.type = ${input.type}`);
  if (input.branch_id !== undefined) filters.push(sql`c.branch_id = ${input.branch_id}`);
  if (input.membership_status !== undefined) filters.push(sql`c.membership_status = ${input.membership_status}`);
  const added = await db.transaction(async (tx) => {
    await lockList(tx, input.id);
    const result = await tx.execute(sql`
      insert into ${mailingListClients} (list_id, client_id)
      select ${input.id}, c.id from ${clients} c where ${sql.join(filters, sql` and `)}
      on conflict do nothing`);
    const n = affectedRows(result);
    await recordAudit(tx, { userId: user.id, action: 'add_mailing_list_segment', entity: 'mailing_list', entityId: input.id, data: { ...input, added: n } });
    return n;
  });
  return { added, list: await getMailingList(db, input.id) };
}

/** `crm/deletemailinglist`: refused (409) while a send to it is running or paused; past sends keep their figures. */
export async function deleteMailingList(db: Db, user: CurrentUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockList(tx, id);
    const [active] = await tx
      .select({ id: mailingSends.id })
      .from(mailingSends)
      .where(and(eq(mailingSends.listId, id), inArray(mailingSends.status, ['scheduled', 'running', 'paused'])))
      .orderBy(desc(mailingSends.id))
      .limit(1);
    if (active) throw conflict('id', `send #${active.id} is sending to this list; cancel it or let it finish first`);
    const before = await snapshot(tx, mailingLists, id);
    await tx.delete(mailingLists).where(eq(mailingLists.id, id));
    await recordAudit(tx, { userId: user.id, action: 'delete_mailing_list', entity: 'mailing_list', entityId: id, before });
  });
}
