import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clients, orders, repClients, roles } from '../../db/schema';
import { memberRoles, type CurrentUser, type RoleName } from '../../auth/roles';
import { notFound } from '../../http/errors';
import type { PricedUser } from '../products/pricing';
import { qualified } from '../../db/queryParts';
import { FEW_CLIENTS, clientIdIn } from '../clients/named';
import { type VatContext, vatContextColumns, vatContextOf } from '../billing/vatContext';

/**
 * Which orders a user sees: admin and production every branch's; a member its own
 * client's; a reseller its linked clients'. Anything else answers 404, as if it did not exist.
 */
export function ordersVisibleTo(user: CurrentUser): SQL | undefined {
  if (user.role === 'admin' || user.role === 'production') return undefined;
  if (memberRoles.includes(user.role)) return eq(orders.clientId, user.clientId ?? -1);
  if (user.role === 'reseller') {
    return sql`exists (select 1 from ${repClients} where ${qualified(repClients.repUserId)} = ${user.id} and ${qualified(repClients.clientId)} = ${qualified(orders.clientId)})`;
  }
  return sql`false`;
}

/**
 * `ordersVisibleTo` for a list that pages through many orders: a reseller's linked clients are
 * read first and go to the list's query as their ids (up to FEW_CLIENTS, as a search's clients
 * do), so the planner reads the rep's orders through the client's index. Tested per order instead,
 * the page walked every order newest first until 25 were the rep's, and the count and stats
 * tested every order: 1,320 ms and 248,279 buffers at 1,000,000 orders (bench/plans.md).
 */
export async function ordersListedFor(db: Db, user: CurrentUser): Promise<SQL | undefined> {
  if (user.role !== 'reseller') return ordersVisibleTo(user);
  const linked = await db.select({ id: repClients.clientId }).from(repClients).where(eq(repClients.repUserId, user.id)).limit(FEW_CLIENTS + 1);
  if (linked.length > FEW_CLIENTS) return ordersVisibleTo(user);
  return clientIdIn(qualified(orders.clientId), linked.map((row) => row.id));
}

export interface OrderingClient {
  id: number;
  type: 'stockist' | 'individual' | 'admin';
  name: string;
  email: string;
  branchId: number | null;
  /** Cents; null: no credit limit (server/modules/billing/creditLimit.ts). */
  creditLimit: number | null;
}

/**
 * The client an order is for, if this user may order for it: an admin for any live client, a
 * member for its own, a reseller for a linked one. Otherwise 404 naming `client_id`.
 */
export async function clientForOrdering(tx: Db | Tx, user: CurrentUser, clientId: number): Promise<OrderingClient> {
  const [client] = await orderingClientQuery(tx, user, clientId, {});
  if (!client) throw clientNotFound();
  return client;
}

/**
 * The same client with the VAT context an order supplied at `at` is priced in, in one statement:
 * what orders/create reads before pricing, one round trip instead of two.
 */
export async function clientAndVatForOrdering(tx: Db | Tx, user: CurrentUser, clientId: number, at: Date): Promise<{ client: OrderingClient; vat: VatContext }> {
  const [row] = await orderingClientQuery(tx, user, clientId, vatContextColumns);
  if (!row) throw clientNotFound();
  const { prices_include_vat, rates, ...client } = row;
  return { client, vat: vatContextOf({ prices_include_vat, rates }, at) };
}

const clientNotFound = () => Object.assign(notFound('Client'), { errors: { client_id: 'Client not found' } });

function orderingClientQuery<Extra extends Record<string, SQL>>(tx: Db | Tx, user: CurrentUser, clientId: number, extra: Extra) {
  const conditions: (SQL | undefined)[] = [eq(clients.id, clientId), isNull(clients.archivedAt)];
  if (memberRoles.includes(user.role)) conditions.push(eq(clients.id, user.clientId ?? -1));
  else if (user.role === 'reseller') {
    conditions.push(
      sql`exists (select 1 from ${repClients} where ${qualified(repClients.repUserId)} = ${user.id} and ${qualified(repClients.clientId)} = ${qualified(clients.id)})`,
    );
  } else if (user.role !== 'admin') conditions.push(sql`false`);
  return tx
    .select({ id: clients.id, type: clients.type, name: clients.name, email: clients.email, branchId: clients.branchId, creditLimit: clients.creditLimit, ...extra })
    .from(clients)
    .where(and(...conditions));
}

/**
 * Whose prices an order is charged at. Members and resellers order at their own role price (the
 * only price they ever see); an admin entering an order for a client charges the client's role
 * price, so an order costs the same whoever types it in.
 */
export async function pricingUserFor(tx: Db | Tx, user: CurrentUser, client: OrderingClient): Promise<PricedUser> {
  if (user.role !== 'admin' && user.role !== 'production') return user;
  const role: RoleName = client.type === 'admin' ? 'admin' : client.type;
  const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
  return { role, roleId: row.id };
}
