import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clients, repClients } from '../../db/schema';
import { memberRoles, type CurrentUser } from '../../auth/roles';
import { notFound } from '../../http/errors';
import { qualified } from '../../db/queryParts';

/**
 * Whose billing a user sees: admin every client's; a member its own
 * client's; a reseller its linked clients'. A document of anyone else answers 404.
 */
export function clientsVisibleTo(user: CurrentUser, clientId: AnyColumn): SQL | undefined {
  if (user.role === 'admin') return undefined;
  if (memberRoles.includes(user.role)) return eq(clientId, user.clientId ?? -1);
  if (user.role === 'reseller') return linkedToRep(user.id, qualified(clientId));
  return sql`false`;
}

/** The client whose id is `clientId` is one of this rep's (a row of `rep_clients`). */
export const linkedToRep = (repUserId: number, clientId: SQL): SQL =>
  sql`exists (select 1 from ${repClients} where ${qualified(repClients.repUserId)} = ${repUserId} and ${qualified(repClients.clientId)} = ${clientId})`;

export interface BillingClient {
  id: number;
  name: string;
  email: string;
  address: string;
  vatNumber: string;
  paymentTerms: (typeof clients.$inferSelect)['paymentTerms'];
  creditLimit: number | null;
  locale: string | null;
  archivedAt: Date | null;
}

/** A client this user may see the billing of, or a 404 naming `client_id`. */
export async function visibleClient(db: Db | Tx, user: CurrentUser, clientId: number, { live = false } = {}): Promise<BillingClient> {
  const [client] = await db
    .select({
      id: clients.id,
      name: clients.name,
      email: clients.email,
      address: clients.address,
      vatNumber: clients.vatNumber,
      paymentTerms: clients.paymentTerms,
      creditLimit: clients.creditLimit,
      locale: clients.locale,
      archivedAt: clients.archivedAt,
    })
    .from(clients)
    .where(and(eq(clients.id, clientId), clientsVisibleTo(user, clients.id), live ? isNull(clients.archivedAt) : undefined));
  if (!client) throw Object.assign(notFound('Client'), { errors: { client_id: 'Client not found' } });
  return client;
}
