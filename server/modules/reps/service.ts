import { and, asc, count, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clients, repClients, roles, users } from '../../db/schema';
import { qualified } from '../../db/queryParts';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { idsCondition, likePattern, orderByOf, pageOf } from '../../http/listQuery';
import { assertClientInput, findClient, listClients, translateUnique, writeClient, type ClientInput } from '../clients/service';
import { clientLastOrderAt, clientOrderCount, clientSalesTotal } from './sales';
import type { RepClientSaveInput, RepQueryParams } from './schemas';

/** The ids of the live clients a rep works, sorted. */
const liveClientIds = (repUserId: SQL) =>
  sql<number[]>`coalesce((select array_agg(${qualified(repClients.clientId)} order by ${qualified(repClients.clientId)})
    from ${repClients} join ${clients} on ${qualified(clients.id)} = ${qualified(repClients.clientId)}
    where ${qualified(repClients.repUserId)} = ${repUserId} and ${qualified(clients.archivedAt)} is null), '{}')`;

/**
 * The rep `id` as `actor` may see it: an admin any user whose role is reseller, a reseller only
 * itself. Anything else answers 404, as if it did not exist.
 */
export async function visibleRep(db: Db | Tx, actor: CurrentUser, id: number) {
  if (actor.role === 'reseller' && actor.id !== id) throw notFound('Rep');
  const [rep] = await db
    .select({ id: users.id, name: users.name, email: users.email, active: users.active, branch_id: users.branchId, client_ids: liveClientIds(qualified(users.id)) })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, id), eq(roles.name, 'reseller')));
  if (!rep) throw notFound('Rep');
  return { ...rep, client_ids: rep.client_ids.map(Number) };
}

/** Whether the rep works the client (archived or not). */
async function isLinked(db: Db | Tx, repUserId: number, clientId: number): Promise<boolean> {
  const [link] = await db
    .select({ clientId: repClients.clientId })
    .from(repClients)
    .where(and(eq(repClients.repUserId, repUserId), eq(repClients.clientId, clientId)));
  return link !== undefined;
}

const repClientSortColumns = {
  name: clients.name,
  id: clients.id,
  type: clients.type,
  email: clients.email,
  branch_id: clients.branchId,
  membership_status: clients.membershipStatus,
  order_count: clientOrderCount,
  sales_total: clientSalesTotal,
  last_order_at: clientLastOrderAt,
};

function clientSearch(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = likePattern(term);
  return or(ilike(clients.name, pattern), ilike(clients.contactName, pattern), ilike(clients.email, pattern));
}

/** A page of the rep's live clients with their order figures, searched, sorted and paged in SQL. */
async function repClientPage(db: Db, repUserId: number, query: RepQueryParams) {
  const where = and(eq(repClients.repUserId, repUserId), isNull(clients.archivedAt), idsCondition(clients.id, query.ids), clientSearch(query.q));
  const { limit, offset } = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: clients.id,
        type: clients.type,
        name: clients.name,
        contact_name: clients.contactName,
        email: clients.email,
        phone: clients.phone,
        branch_id: clients.branchId,
        membership_status: clients.membershipStatus,
        order_count: clientOrderCount,
        sales_total: clientSalesTotal,
        last_order_at: clientLastOrderAt,
      })
      .from(repClients)
      .innerJoin(clients, eq(clients.id, repClients.clientId))
      .where(where)
      .orderBy(...orderByOf(repClientSortColumns, query, clients.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(repClients).innerJoin(clients, eq(clients.id, repClients.clientId)).where(where),
  ]);
  return { data: rows.map((row) => ({ ...row, last_order_at: row.last_order_at?.toISOString() ?? null })), total };
}

/** The admin's search over every live client (clients/all's own search), each marked when the rep works it. */
async function linkableClients(db: Db, repUserId: number, query: RepQueryParams) {
  // Its answer has no `total_capped` to say a total is a floor, so its search is counted to the end.
  const page = await listClients(db, {
    page: query.all_clients_page,
    perPage: query.all_clients_per_page,
    sort: 'name',
    order: 'ASC',
    q: query.all_clients_q,
    exact_total: true,
  });
  return {
    data: page.data.map((client) => ({
      id: client.id,
      type: client.type,
      name: client.name,
      contact_name: client.contact_name,
      email: client.email,
      branch_id: client.branch_id,
      linked: client.rep_ids.includes(repUserId),
    })),
    total: page.total,
  };
}

/** reps/rep: the rep, a page of its clients and, for an admin, a page of the search over all clients. */
export async function repView(db: Db, actor: CurrentUser, query: RepQueryParams) {
  const rep = await visibleRep(db, actor, query.rep_user_id);
  const [repClientsPage, allClients] = await Promise.all([
    repClientPage(db, rep.id, query),
    actor.role === 'admin' ? linkableClients(db, rep.id, query) : undefined,
  ]);
  return { rep, rep_clients: repClientsPage, ...(allClients ? { all_clients: allClients } : {}) };
}

/**
 * reps/saveclientlinks (admin): the rep's live clients become exactly `client_ids`. Links to
 * archived clients stay (they are history and no screen offers them); one audit entry names
 * what was added and removed.
 */
export async function saveClientLinks(db: Db, actor: CurrentUser, repUserId: number, clientIds: number[]) {
  const wanted = [...new Set(clientIds)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const rep = await visibleRep(tx, actor, repUserId);
    if (wanted.length) {
      const [{ n }] = await tx.select({ n: count() }).from(clients).where(and(inArray(clients.id, wanted), isNull(clients.archivedAt)));
      if (n !== wanted.length) throw badRequest('client_ids', 'client_ids names a client that does not exist or is archived');
    }
    const liveOfRep = sql`${qualified(repClients.clientId)} in (select ${qualified(clients.id)} from ${clients} where ${qualified(clients.archivedAt)} is null)`;
    const removed = await tx
      .delete(repClients)
      .where(and(eq(repClients.repUserId, rep.id), notInArray(repClients.clientId, wanted), liveOfRep))
      .returning({ clientId: repClients.clientId });
    const added = wanted.length
      ? await tx
          .insert(repClients)
          .values(wanted.map((clientId) => ({ repUserId: rep.id, clientId })))
          .onConflictDoNothing()
          .returning({ clientId: repClients.clientId })
      : [];
    await recordAudit(tx, {
      userId: actor.id,
      action: 'save_client_links',
      entity: 'rep',
      entityId: rep.id,
      data: { added: added.map((row) => row.clientId).sort((a, b) => a - b), removed: removed.map((row) => row.clientId).sort((a, b) => a - b) },
    });
    return { rep_user_id: rep.id, client_ids: wanted };
  });
}

/** The client fields a rep saves; anything else that was sent is ignored. */
function repClientInput(body: RepClientSaveInput): ClientInput {
  const { id, type, name, contact_name, email, phone, address, branch_id } = body;
  return Object.fromEntries(
    Object.entries({ id, type, name, contact_name, email, phone, address, branch_id }).filter(([, value]) => value !== undefined),
  ) as ClientInput;
}

/**
 * reps/saveclient: a reseller creates a client linked to itself or updates one it works; an admin
 * does the same for the rep it names. A client the rep does not work answers 404; a reseller
 * cannot change a client's type (its users' role follows it). The client's own save
 * (clients/save's rules and audit entry) and the link are one transaction.
 */
export async function saveRepClient(db: Db, actor: CurrentUser, body: RepClientSaveInput, now: Date, expectedVersion?: number) {
  const repUserId = actor.role === 'reseller' ? (body.rep_user_id ?? actor.id) : body.rep_user_id;
  if (repUserId === undefined) throw badRequest('rep_user_id', 'rep_user_id is required');
  const input = repClientInput(body);
  assertClientInput(input);
  try {
    return await db.transaction(async (tx) => {
      const rep = await visibleRep(tx, actor, repUserId);
      if (input.id !== undefined) {
        if (!(await isLinked(tx, rep.id, input.id))) throw notFound('Client');
        const stored = await findClient(tx, input.id);
        if (actor.role === 'reseller' && input.type !== undefined && input.type !== stored!.type) {
          throw new HttpError(403, 'type can only be changed by the company', { type: 'can only be changed by the company' });
        }
      } else if (input.branch_id === undefined) {
        input.branch_id = rep.branch_id;
      }
      const saved = await writeClient(tx, actor, input, now, expectedVersion);
      if (input.id === undefined) {
        await tx.insert(repClients).values({ repUserId: rep.id, clientId: saved.id });
        await recordAudit(tx, { userId: actor.id, action: 'link_client', entity: 'rep', entityId: rep.id, data: { client_id: saved.id } });
        return (await findClient(tx, saved.id))!;
      }
      return saved;
    });
  } catch (error) {
    translateUnique(error);
  }
}

/**
 * reps/client: a client as its rep sees it. A reseller reads only the clients it works (any
 * other answers 404); an admin any client.
 */
export async function repClient(db: Db, actor: CurrentUser, id: number) {
  if (actor.role === 'reseller' && !(await isLinked(db, actor.id, id))) throw notFound('Client');
  const client = await findClient(db, id);
  if (!client) throw notFound('Client');
  const [[figures], reps] = await Promise.all([
    db
      .select({ order_count: clientOrderCount, sales_total: clientSalesTotal, last_order_at: clientLastOrderAt })
      .from(clients)
      .where(eq(clients.id, id)),
    db
      .select({ id: users.id, name: users.name })
      .from(repClients)
      .innerJoin(users, eq(users.id, repClients.repUserId))
      .where(eq(repClients.clientId, id))
      .orderBy(asc(users.name), asc(users.id)),
  ]);
  // A reseller learns nothing of the other reps who work its client.
  const ownView = actor.role === 'reseller';
  return {
    ...client,
    ...figures,
    last_order_at: figures.last_order_at?.toISOString() ?? null,
    rep_ids: ownView ? [actor.id] : client.rep_ids,
    reps: ownView ? reps.filter((rep) => rep.id === actor.id) : reps,
  };
}
