import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import { ApiError, apiPost } from '../providers/http';
import { isNetworkFailure } from './network';

/** What orders/create is sent (shared with the create screen). */
export interface OrderBody {
  client_id: number;
  lines: { product_id: number; quantity: number; property_value_ids: number[] }[];
  notes: string;
  credit_override_reason?: string;
}

/**
 * An order placed without a connection, kept on the phone until the server has it. Its
 * `Idempotency-Key` was chosen when it was placed and goes with every attempt: a send whose answer
 * was lost, a second tab or a reload sending it again all make one order (server: orders/create
 * answers the order already made with that key by that user).
 */
export interface WaitingOrder {
  key: string;
  userId: number;
  body: OrderBody;
  clientName: string;
  /**
   * Each product's unit price as the phone last saw it (the user's own price, as the catalogue
   * shows it): the server prices the order on arrival, and a price that moved meanwhile is told.
   */
  shownPrices: Record<number, number>;
  placedAt: string;
  /** The server refused it (a 4xx: a product no longer sold, over the credit limit…): kept to read and discard. */
  refusal?: string;
}

export interface SentOrder {
  id: number;
  reference: string;
  total: number;
  lines: { product_id: number; product_name: string; unit_price: number }[];
}

/** The lines whose price on arrival differs from the one the phone showed. */
export function movedPrices(order: WaitingOrder, sent: SentOrder) {
  return sent.lines
    .filter((line) => order.shownPrices[line.product_id] !== undefined && order.shownPrices[line.product_id] !== line.unit_price)
    .map((line) => ({ name: line.product_name, shown: order.shownPrices[line.product_id], charged: line.unit_price }));
}

/** What the phone showed as the order's worth (the last prices seen, before any VAT the server adds). */
export const shownValue = (order: WaitingOrder): number =>
  order.body.lines.reduce((sum, line) => sum + (order.shownPrices[line.product_id] ?? 0) * line.quantity, 0);

type Listener = () => void;
const listeners = new Set<Listener>();
const changed = () => listeners.forEach((listener) => listener());

let store: UseStore | null = null;
const outboxStore = () => (store ??= createStore('portal-outbox', 'orders'));
/** Without IndexedDB (some private windows) nothing can wait on the device: there is simply nothing waiting. */
const hasIndexedDb = () => typeof indexedDB !== 'undefined';

export const outbox = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  async list(userId: number): Promise<WaitingOrder[]> {
    if (!hasIndexedDb()) return [];
    const all = await values<WaitingOrder>(outboxStore());
    return all.filter((order) => order.userId === userId).sort((a, b) => a.placedAt.localeCompare(b.placedAt));
  },

  async keep(order: WaitingOrder): Promise<void> {
    await set(order.key, order, outboxStore());
    changed();
  },

  async discard(key: string): Promise<void> {
    await del(key, outboxStore());
    changed();
  },
};

/** One sender at a time across the app's tabs (where the browser has Web Locks): fewer calls, same result. */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('portal-outbox', work) : work();
}

const retryable = (error: unknown) => isNetworkFailure(error) || (error instanceof ApiError && (error.status >= 500 || error.status === 408 || error.status === 429));

/**
 * Sends this user's waiting orders, oldest first, each with its own key. Sent: removed and told.
 * Refused (4xx): kept with the server's message. No connection or a server error: stops, to try
 * again later (the caller's next occasion: back online, the app opened, a timer).
 */
export function sendWaitingOrders(userId: number, onSent: (order: WaitingOrder, sent: SentOrder) => void): Promise<void> {
  return exclusively(async () => {
    for (const order of await outbox.list(userId)) {
      if (order.refusal) continue;
      // Another tab may have sent it meanwhile; its key makes a second send harmless, but needless.
      if (!(await get(order.key, outboxStore()))) continue;
      try {
        const answer = await apiPost<{ data: SentOrder }>('api/orders/create', order.body, { 'Idempotency-Key': order.key });
        await del(order.key, outboxStore());
        changed();
        onSent(order, answer.data);
      } catch (error) {
        if (retryable(error)) return;
        await outbox.keep({ ...order, refusal: (error as Error).message || String((error as ApiError).status) });
      }
    }
  });
}
