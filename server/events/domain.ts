import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { orderStatusValues } from '../db/schema/orders';

type OrderStatus = (typeof orderStatusValues)[number];

/**
 * Domain events: what a module changed, told inside the change's own transaction to whichever
 * modules care, so the module that changes something does not import the modules that react to it.
 * `docs/events.md` lists who publishes and who subscribes to each.
 *
 * Every payload is plain JSON (ids, cents, ISO times): the same shape a queued subscriber writes
 * into its job and a webhook sends, and the shape `order.created` has when it is built in SQL.
 */
export interface DomainEventMap {
  /** A new order (any way it is made). `membership_fee`: the membership fee order, which gets no confirmation mail. */
  'order.created': { id: number; reference: string; client_id: number; branch_id: number; total: number; status: 'new'; created_at: string; membership_fee: boolean };
  /** One step of the order's workflow (`from` differs from `to`; cancelling is a step too). */
  'order.status_changed': { id: number; reference: string; client_id: number; from: OrderStatus; to: OrderStatus; at: string };
  /** The order was cancelled (published after its `order.status_changed`). */
  'order.cancelled': { id: number; reference: string; client_id: number; from: OrderStatus };
  /** An edit replaced the order's lines (published after the new lines are written). */
  'order.lines_replaced': { id: number; reference: string; client_id: number; status: OrderStatus };
  'invoice.issued': { id: number; number: string; client_id: number; order_id: number | null; total: number; vat: number; issued_at: string };
  /** A credit note against an invoice (chosen lines, or the rest of a cancelled order's invoice). */
  'credit_note.issued': { id: number; number: string; client_id: number; invoice_id: number; total: number; vat: number; issued_at: string; issue_date: string };
  /** Money that counts on the client's account: recorded by an admin, or a member's proof confirmed. */
  'payment.received': { id: number; client_id: number; amount: number; unallocated: number; paid_at: string; reference: string };
  /** A confirmed payment taken back (a bank match undone): its allocations are back on the invoices. */
  'payment.reversed': { id: number; client_id: number; amount: number; reversed_on: string };
  'client.created': { id: number; type: string; name: string; email: string; branch_id: number | null };
  /** The client's address changed (what is known about the old address is the old address's). */
  'client.email_changed': { id: number; from: string; to: string };
  /**
   * The membership is active: `activate_membership` (also an early renewal of an active one, where
   * `previous_status` is 'active'), or an edit or a creation that set it active (`via: 'edit'`).
   */
  'membership.activated': { client_id: number; name: string; expires_at: string | null; previous_status: string | null; via: 'activate_membership' | 'edit' };
  /** What a branch has available of an item fell below its low mark (told once as it crosses it). */
  'stock.low': { branch_id: number; product_id: number; item_key: string; available: number; low_mark: number; at: string };
  /** Goods of an order left in a delivery (with the invoice of what left, when one was issued). */
  'delivery.dispatched': {
    id: number;
    number: string;
    order_id: number;
    reference: string;
    client_id: number;
    invoice_id: number | null;
    courier: string;
    waybill: string;
    lines: { order_line_id: number; product_id: number; quantity: number }[];
    at: string;
  };
  /** A delivery's proof was received: who signed for it and when. */
  'delivery.delivered': { id: number; number: string; order_id: number; reference: string; client_id: number; signed_by: string; delivered_at: string };
}

export type EventName = keyof DomainEventMap;

/** One published event: its payload, when it happened (the publisher's clock) and who did it. */
export interface DomainEvent<K extends EventName = EventName> {
  name: K;
  data: DomainEventMap[K];
  at: Date;
  /** The user whose call made the change; null for the system (a job, an import's own work). */
  by: number | null;
}

/**
 * Work that must hold or fail with the change: it runs inside the publisher's transaction, sees
 * what the change wrote, and a throw rolls the whole change back (billing issuing the invoice at
 * dispatch: no dispatch without its tax invoice).
 */
export interface InTransactionSubscriber<K extends EventName> {
  kind: 'in_transaction';
  name: string;
  handle(tx: Tx, event: DomainEvent<K>): Promise<void>;
  /** Many events of one kind at once (a bank import's payments), when a few statements can handle them all. */
  handleMany?(tx: Tx, events: DomainEvent<K>[]): Promise<void>;
}

/**
 * Work that happens after the change, by the job worker (mail, webhooks): the subscriber only
 * writes its job rows, in the publisher's transaction, so the work exists exactly when the change
 * does and a rolled-back change queues nothing; a mail server or a receiver that is down delays
 * the work, and never the change. `queue` must write jobs (server/jobs, server/mail/queue, the
 * webhook outbox) and nothing else.
 */
export interface QueuedSubscriber<K extends EventName> {
  kind: 'queued';
  name: string;
  queue(tx: Tx, event: DomainEvent<K>): Promise<void>;
  /** Many events of one kind at once (an import's new clients), when one statement can queue them all. */
  queueMany?(tx: Tx, events: DomainEvent<K>[]): Promise<void>;
  /**
   * The same, as common table expressions of the statement that is the change, for an event
   * published inside one SQL statement (`order.created`: the order's id exists only as it runs).
   */
  queueInStatement?(source: StatementSource): SQL;
}

export type Subscriber<K extends EventName> = InTransactionSubscriber<K> | QueuedSubscriber<K>;

/** An event built in SQL: `data` is a jsonb expression of the payload, reading `from` (a CTE of the statement). */
export interface StatementSource {
  data: SQL;
  from: SQL;
}

/**
 * The portal's event bus: subscribers register by event name, publishers publish in their
 * transaction. The queued subscribers of an event run first, then the in-transaction ones, each
 * kind in the order they registered: the jobs of an event come before those of the events its
 * in-transaction subscribers cause (a dispatch's `order.status_changed` webhook before the
 * `invoice.issued` of the invoice billing issues for it), the order in which things happened.
 * A throw anywhere rolls the change back, and with it every job already written.
 */
export class DomainEvents {
  private readonly subscribers = new Map<EventName, Subscriber<EventName>[]>();

  subscribe<K extends EventName>(name: K, subscriber: Subscriber<K>): () => void {
    const list = this.subscribers.get(name) ?? [];
    if (list.some((s) => s.name === subscriber.name)) throw new Error(`${subscriber.name} already subscribes to ${name}`);
    if (subscriber.kind === 'in_transaction' && statementEvents.has(name)) {
      throw new Error(`${name} is published inside one SQL statement: ${subscriber.name} can only be a queued subscriber`);
    }
    if (subscriber.kind === 'queued' && statementEvents.has(name) && !subscriber.queueInStatement) {
      throw new Error(`${name} is published inside one SQL statement: ${subscriber.name} needs queueInStatement`);
    }
    list.push(subscriber as unknown as Subscriber<EventName>);
    this.subscribers.set(name, list);
    return () => {
      const at = list.indexOf(subscriber as unknown as Subscriber<EventName>);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /** Tells every subscriber of `name`, inside `tx` (the change's transaction; never outside one). */
  async publish<K extends EventName>(tx: Tx, name: K, data: DomainEventMap[K], origin: { at: Date; by: number | null }): Promise<void> {
    const list = (this.subscribers.get(name) ?? []) as Subscriber<K>[];
    const event: DomainEvent<K> = { name, data, at: origin.at, by: origin.by };
    for (const subscriber of list) if (subscriber.kind === 'queued') await subscriber.queue(tx, event);
    for (const subscriber of list) if (subscriber.kind === 'in_transaction') await subscriber.handle(tx, event);
  }

  /** Many events of one kind in one change (an import): as many publishes, each subscriber that can take them at once (`queueMany`, `handleMany`) once for all. */
  async publishMany<K extends EventName>(tx: Tx, name: K, list: DomainEventMap[K][], origin: { at: Date; by: number | null }): Promise<void> {
    if (list.length === 0) return;
    const subscribers = (this.subscribers.get(name) ?? []) as Subscriber<K>[];
    const events = list.map((data): DomainEvent<K> => ({ name, data, at: origin.at, by: origin.by }));
    for (const subscriber of subscribers) {
      if (subscriber.kind !== 'queued') continue;
      if (subscriber.queueMany) await subscriber.queueMany(tx, events);
      else for (const event of events) await subscriber.queue(tx, event);
    }
    for (const subscriber of subscribers) {
      if (subscriber.kind !== 'in_transaction') continue;
      if (subscriber.handleMany) await subscriber.handleMany(tx, events);
      else for (const event of events) await subscriber.handle(tx, event);
    }
  }

  /**
   * The common table expressions that publish an event inside one statement (comma-separated,
   * to follow the statement's own CTEs; empty when nobody subscribes). Only queued subscribers
   * exist for such events (subscribe refuses the others).
   */
  inStatement(name: EventName, source: StatementSource): SQL {
    const parts = (this.subscribers.get(name) ?? []).map((s) => (s as QueuedSubscriber<EventName>).queueInStatement!(source));
    return parts.length === 0 ? sql`` : sql`, ${sql.join(parts, sql`, `)}`;
  }

  /** The names subscribed to `name`, in the order they registered (for the docs and tests). */
  subscribersOf(name: EventName): { name: string; kind: Subscriber<EventName>['kind'] }[] {
    return (this.subscribers.get(name) ?? []).map((s) => ({ name: s.name, kind: s.kind }));
  }

  /** Forgets every subscriber (a new app registers its own). */
  clear(): void {
    this.subscribers.clear();
  }
}

/** Events published inside one SQL statement (see `inStatement`). */
const statementEvents = new Set<EventName>(['order.created']);

/**
 * The process's bus. One, not one per app, because publishers deep in a module (the document
 * numbering under an invoice, the client writer under three callers) hold a transaction and no
 * app: the subscribers are registered by buildApp (server/modules/subscribers.ts) with the app's
 * settings. A process serves one portal, whose settings every app it builds shares.
 */
export const domainEvents = new DomainEvents();
