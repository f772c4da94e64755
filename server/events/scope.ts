import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { repClients } from '../db/schema';
import { memberRoles, type CurrentUser } from '../auth/roles';
import { READERS, type LiveEvent } from './liveEvent';

/**
 * Which events a user's stream carries: those about records the user may read, by the same rule
 * as the routes that answer them (READERS in liveEvent.ts per resource; for orders
 * server/modules/orders/access.ts ordersVisibleTo). Decided in memory from the event's client, so
 * a thousand streams cost no query per event; a rep's clients are read when its stream opens and
 * again when the links of reps to clients change.
 */
export interface EventScope {
  allows(event: LiveEvent): boolean;
  /** Reads again what the decision depends on (a rep's clients). */
  refresh(): Promise<void>;
}

export async function scopeFor(db: Db, user: CurrentUser): Promise<EventScope> {
  const reachOf = (event: LiveEvent) => READERS[event.resource]?.[user.role];
  if (memberRoles.includes(user.role)) {
    const own = user.clientId;
    const allows = (event: LiveEvent) => {
      const reach = reachOf(event);
      return reach === 'all' || (reach === 'clients' && own !== null && event.client_id === own);
    };
    return { allows, refresh: async () => undefined };
  }
  if (user.role === 'reseller') {
    let clients = new Set<number>();
    const scope: EventScope = {
      allows: (event) => {
        const reach = reachOf(event);
        return reach === 'all' || (reach === 'clients' && event.client_id !== null && clients.has(event.client_id));
      },
      refresh: async () => {
        const rows = await db.select({ clientId: repClients.clientId }).from(repClients).where(eq(repClients.repUserId, user.id));
        clients = new Set(rows.map((row) => row.clientId));
      },
    };
    await scope.refresh();
    return scope;
  }
  // Company roles have no client of their own: they hear what they read whole.
  return { allows: (event) => reachOf(event) === 'all', refresh: async () => undefined };
}
