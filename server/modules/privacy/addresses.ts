import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clients, users } from '../../db/schema';

/**
 * The mail addresses that are a member's: the client's own and its users'. Mail history is found
 * by them (a queued mail names its recipient, not its member) and an erasure removes what is kept
 * per address (bounces, deliverability). Lower case, as mail_bounces and email_deliverability keep them.
 */
export async function addressesOfClient(db: Db | Tx, clientId: number): Promise<string[]> {
  const rows = await db
    .select({ email: sql<string>`lower(${clients.email})` })
    .from(clients)
    .where(eq(clients.id, clientId))
    .union(db.select({ email: sql<string>`lower(${users.email})` }).from(users).where(eq(users.clientId, clientId)));
  return [...new Set(rows.map((row) => row.email).filter((email) => email !== ''))];
}
