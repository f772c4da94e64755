import type { DomainEvents } from '../../events/domain';
import { releaseOrder, reserveOrder, reserveReplacedLines } from './reservations';

/**
 * Stock follows the orders in their own transactions: a confirmation is not done until its lines
 * reserved (or backordered) what they need, a cancellation until it gave it back. The orders
 * module knows nothing of stock.
 */
export function subscribeStock(events: DomainEvents): void {
  events.subscribe('order.status_changed', {
    kind: 'in_transaction',
    name: 'stock.reserve_at_confirmation',
    async handle(tx, { data, at, by }) {
      if (data.to === 'confirmed') await reserveOrder(tx, data.id, { at, by });
    },
  });
  events.subscribe('order.cancelled', {
    kind: 'in_transaction',
    name: 'stock.release_at_cancellation',
    async handle(tx, { data, at, by }) {
      await releaseOrder(tx, data.id, { at, by });
    },
  });
  events.subscribe('order.lines_replaced', {
    kind: 'in_transaction',
    name: 'stock.reserve_replaced_lines',
    async handle(tx, { data, at, by }) {
      await reserveReplacedLines(tx, data.id, data.status, { at, by });
    },
  });
}
