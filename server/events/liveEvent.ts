import type { RoleName } from '../auth/roles';

/**
 * A change as the database announces it on `portal_events` (migration 0015): the record's resource,
 * what happened, its ids, and what decides who may hear it. `id` is the event's place in one
 * numbering shared by every instance (a sequence), the stream's `id:` line and Last-Event-ID.
 */
export interface LiveEvent {
  id: number;
  resource: string;
  type: 'created' | 'updated' | 'deleted';
  ids: number[];
  client_id: number | null;
  rep_user_id: number | null;
}

export const LIVE_EVENTS_CHANNEL = 'portal_events';

/**
 * Who hears each resource's events (named as the web app names its resources): every event of it
 * ('all'), only those about their own client or a client they represent ('clients'), or, for a
 * role not named, none. The same readers as the routes that answer the resource: orders by
 * `ordersVisibleTo`; members (clients) by clients/client and reps/client; the catalogue's editors;
 * the leads, mailing sends and mail queue are the admin's (server/modules/crm), as are the bank
 * statements and rules (server/modules/banking).
 */
export type Reach = 'all' | 'clients';
export const READERS: Record<string, Partial<Record<RoleName, Reach>>> = {
  orders: { admin: 'all', production: 'all', stockist: 'clients', individual: 'clients', reseller: 'clients' },
  members: { admin: 'all', stockist: 'clients', individual: 'clients', reseller: 'clients' },
  products: { admin: 'all', production: 'all' },
  'sales-leads': { admin: 'all' },
  'mailing-sends': { admin: 'all' },
  'mail-queue': { admin: 'all' },
  // Bank statements and rules name every customer's payments: the admin's alone, as their routes are.
  'bank-statements': { admin: 'all' },
  'bank-rules': { admin: 'all' },
};

/** The resources whose events go to browsers; the others only tell instances something (rep_clients). */
export const BROWSER_RESOURCES = new Set(Object.keys(READERS));

const TYPES = new Set(['created', 'updated', 'deleted']);

/** The payload of a notice, or null for one that is not an event (never trusted blindly: it is parsed and checked). */
export function parseLiveEvent(payload: string): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const event = value as Partial<LiveEvent> | null;
  if (!event || typeof event.id !== 'number' || typeof event.resource !== 'string' || !TYPES.has(event.type ?? '') || !Array.isArray(event.ids)) return null;
  return {
    id: event.id,
    resource: event.resource,
    type: event.type!,
    ids: event.ids.filter((id): id is number => typeof id === 'number'),
    client_id: typeof event.client_id === 'number' ? event.client_id : null,
    rep_user_id: typeof event.rep_user_id === 'number' ? event.rep_user_id : null,
  };
}

/** What a browser receives (as JSON, by the SSE plugin's serializer): react-admin's realtime shape. */
export function wireMessage(event: LiveEvent): { id: string; data: { topic: string; type: LiveEvent['type']; payload: { ids: number[] } } } {
  return { id: String(event.id), data: { topic: `resource/${event.resource}`, type: event.type, payload: { ids: event.ids } } };
}
