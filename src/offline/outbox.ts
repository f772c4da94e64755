import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import { ApiError, apiPost, apiRequest } from '../providers/http';
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
  /** Absent on orders kept before proofs could wait too: every such one is an order. */
  kind?: 'order';
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

/**
 * A proof of delivery made where there was no connection (the receiver signed on the driver's
 * phone): kept with the key chosen when Send was pressed, sent to deliveries/pod as a form. The
 * drawn signature and the photo are kept as bytes (IndexedDB keeps them whole across a reload).
 */
export interface WaitingProof {
  kind: 'proof';
  key: string;
  userId: number;
  deliveryId: number;
  /** The delivery note's number and order, to say what waits. */
  deliveryNumber: string;
  orderReference: string;
  signedBy: string;
  /** When the receiver signed (the phone's clock), not when the proof reached the server. */
  capturedAt: string;
  position: { lat: number; lng: number } | null;
  signature: ArrayBuffer;
  photo: ArrayBuffer | null;
  placedAt: string;
  refusal?: string;
}

export type WaitingItem = WaitingOrder | WaitingProof;

export const isProof = (item: WaitingItem): item is WaitingProof => item.kind === 'proof';

/** deliveries/pod's form of a proof (its fields as the server reads them). */
export function proofForm(proof: WaitingProof): FormData {
  const form = new FormData();
  form.append('delivery_id', String(proof.deliveryId));
  form.append('signed_by', proof.signedBy);
  form.append('captured_at', proof.capturedAt);
  if (proof.position) {
    form.append('lat', String(proof.position.lat));
    form.append('lng', String(proof.position.lng));
  }
  form.append('signature', new Blob([proof.signature], { type: 'image/png' }), 'signature.png');
  if (proof.photo) form.append('photo', new Blob([proof.photo], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
}

/**
 * Sends a proof to deliveries/pod with its key: from the proof screen at once, or from here later.
 * The same key again answers the proof already written, so a send whose answer was lost is harmless.
 */
export const postProof = (proof: WaitingProof) =>
  apiRequest<{ data: ProvedDelivery }>('api/deliveries/pod', { method: 'POST', body: proofForm(proof), headers: { 'Idempotency-Key': proof.key } });

/** What deliveries/pod answers (the fields the phone tells). */
export interface ProvedDelivery {
  id: number;
  number: string;
  order_id: number;
  signed_by: string | null;
  delivered_at: string | null;
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

  /** Everything this user has waiting (orders and proofs), oldest first. */
  async list(userId: number): Promise<WaitingItem[]> {
    if (!hasIndexedDb()) return [];
    const all = await values<WaitingItem>(outboxStore());
    return all.filter((item) => item.userId === userId).sort((a, b) => a.placedAt.localeCompare(b.placedAt));
  },

  async keep(item: WaitingItem): Promise<void> {
    await set(item.key, item, outboxStore());
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

/** A failure that another try may get past (no connection, a server error): the thing waits on the device. */
export const retryable = (error: unknown) => isNetworkFailure(error) || (error instanceof ApiError && (error.status >= 500 || error.status === 408 || error.status === 429));

/** What the sender tells of each thing that reached the server. */
export interface SentHandlers {
  order: (order: WaitingOrder, sent: SentOrder) => void;
  proof: (proof: WaitingProof, proved: ProvedDelivery) => void;
}

/**
 * Sends this user's waiting orders and proofs, oldest first, each with its own key to its own call.
 * Sent: removed and told. Refused (4xx): kept with the server's message. No connection or a server
 * error: stops, to try again later (the caller's next occasion: back online, the app opened, a timer).
 */
export function sendWaiting(userId: number, told: SentHandlers): Promise<void> {
  return exclusively(async () => {
    for (const item of await outbox.list(userId)) {
      if (item.refusal) continue;
      // Another tab may have sent it meanwhile; its key makes a second send harmless, but needless.
      if (!(await get(item.key, outboxStore()))) continue;
      try {
        if (isProof(item)) {
          const answer = await postProof(item);
          await outbox.discard(item.key);
          told.proof(item, answer.data);
        } else {
          const answer = await apiPost<{ data: SentOrder }>('api/orders/create', item.body, { 'Idempotency-Key': item.key });
          await outbox.discard(item.key);
          told.order(item, answer.data);
        }
      } catch (error) {
        if (retryable(error)) return;
        await outbox.keep({ ...item, refusal: (error as Error).message || String((error as ApiError).status) });
      }
    }
  });
}

