/**
 * The billing domain's menu entries and page titles: the back office's menu shows them before any of
 * the domain's screens loads, so they travel with the shell (i18n/en.core.ts) while the rest of
 * the domain's English comes with its screens (i18n/en.rest.ts).
 */
export const billingShellEn = {
  menu: {
    invoices: 'Invoices',
    payments: 'Payments',
    debtors: 'Debtors',
    billing_settings: 'Billing settings',
  },
  pages: {
    invoices: 'Invoices',
    invoice: 'Invoice',
    payments: 'Payments',
    debtors: 'Debtors',
    billing_settings: 'Billing settings',
    statement: 'Statement',
    payfast_test_gateway: 'Test payment gateway',
    payfast_notifications: 'PayFast notifications',
  },
};
