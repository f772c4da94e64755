import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/**
 * The billing lists in the API (server/modules/billing/wire.ts): invoices, credit and
 * debit notes, payments and debtors (whose answer also carries the totals per age bucket, which
 * reach the list as its `meta`). Documents are issued and payments recorded by the screens'
 * own calls, not through react-admin's create and update.
 */
export const billingEndpoints: Record<string, ResourceEndpoints> = {
  invoices: { list: 'api/billing/invoices', one: 'api/billing/invoice' },
  'billing-notes': { list: 'api/billing/notes', one: 'api/billing/note' },
  payments: { list: 'api/billing/payments' },
  debtors: { list: 'api/billing/debtors' },
};
