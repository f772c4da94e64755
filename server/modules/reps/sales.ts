import { sql, type SQL } from 'drizzle-orm';
import { clients, orders, repClients, users } from '../../db/schema';
import { qualified } from '../../db/queryParts';

/**
 * What a rep's work is worth, computed in SQL next to the rows that show it. A client's sales are
 * its orders that were not cancelled; a rep's are the sales of the live clients it works.
 */
const notCancelled = sql`${qualified(orders.status)} <> 'cancelled'`;

/** Per client (correlated on `clients.id`): how many orders, their value, the latest. */
export const clientOrderCount: SQL<number> = sql<number>`(select count(*) from ${orders} where ${qualified(orders.clientId)} = ${qualified(clients.id)})`.mapWith(Number);
export const clientSalesTotal: SQL<number> = sql<number>`(select coalesce(sum(${qualified(orders.total)}), 0) from ${orders} where ${qualified(orders.clientId)} = ${qualified(clients.id)} and ${notCancelled})`.mapWith(Number);
export const clientLastOrderAt: SQL<Date | null> = sql<Date | null>`(select max(${qualified(orders.createdAt)}) from ${orders} where ${qualified(orders.clientId)} = ${qualified(clients.id)})`.mapWith(orders.createdAt);

/** The live clients linked to the rep `users.id` (a subquery of client ids). */
const liveClientsOfRep = sql`(select ${qualified(repClients.clientId)} from ${repClients} join ${clients} on ${qualified(clients.id)} = ${qualified(repClients.clientId)}
  where ${qualified(repClients.repUserId)} = ${qualified(users.id)} and ${qualified(clients.archivedAt)} is null)`;

/** Per rep (correlated on `users.id`): how many live clients it works, and their sales. */
export const repClientCount: SQL<number> = sql<number>`(select count(*) from ${liveClientsOfRep} as rep_client_ids)`.mapWith(Number);
export const repSalesTotal: SQL<number> = sql<number>`(select coalesce(sum(${qualified(orders.total)}), 0) from ${orders}
  where ${qualified(orders.clientId)} in ${liveClientsOfRep} and ${notCancelled})`.mapWith(Number);

/** The columns admin/repusers adds to each rep: its client count and sales total. */
export const repSalesColumns = { client_count: repClientCount, sales_total: repSalesTotal };
