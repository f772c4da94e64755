import type { DomainEvents } from '../../../events/domain';
import { addressKey, forgetAddress } from './bounces';

/** What the mailing lists keep about addresses follows the members' changes of address. */
export function subscribeMailing(events: DomainEvents): void {
  events.subscribe('client.email_changed', {
    kind: 'in_transaction',
    name: 'crm.forget_old_address',
    // What bounced at the old address says nothing about the new one: list mail tries it afresh.
    async handle(tx, { data }) {
      if (addressKey(data.to) !== addressKey(data.from)) await forgetAddress(tx, data.from);
    },
  });
}
