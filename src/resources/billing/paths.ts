import type { Identifier } from 'react-admin';

/** Where billing records open. */
export const invoicePath = (id: Identifier) => `/invoices/${id}`;
export const statementPath = (clientId: Identifier) => `/clients/view/${clientId}/statement`;
