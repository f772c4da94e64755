import type { DomainEvents } from '../../events/domain';
import { recordClawbackEntries, recordPaymentEntries, recordPaymentsEntries, recordReversalEntries } from './ledger';

/**
 * The commissions ledger follows the money in the transaction that moves it: a payment's
 * allocations are earned on, a credit note takes back what was earned on its invoice, a reversed
 * payment what was earned on it. Billing and banking know nothing of commissions.
 */
export function subscribeCommissions(events: DomainEvents): void {
  events.subscribe('payment.received', {
    kind: 'in_transaction',
    name: 'commissions.earned_on_payment',
    async handle(tx, { data }) {
      await recordPaymentEntries(tx, data.id, data.paid_at);
    },
    async handleMany(tx, events) {
      await recordPaymentsEntries(tx, events.map(({ data }) => ({ id: data.id, paidAt: data.paid_at })));
    },
  });
  events.subscribe('payment.reversed', {
    kind: 'in_transaction',
    name: 'commissions.clawback_on_reversal',
    async handle(tx, { data }) {
      await recordReversalEntries(tx, data);
    },
  });
  events.subscribe('credit_note.issued', {
    kind: 'in_transaction',
    name: 'commissions.clawback_on_credit_note',
    async handle(tx, { data }) {
      await recordClawbackEntries(tx, data);
    },
  });
}
