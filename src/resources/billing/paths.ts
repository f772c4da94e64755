import type { Identifier } from 'react-admin';
import { filteredListPath } from '../shared/filteredListPath';

/** Where billing records open. */
export const invoicePath = (id: Identifier) => `/invoices/${id}`;
export const statementPath = (clientId: Identifier) => `/clients/view/${clientId}/statement`;

/** The invoices list with its filter set in the address (react-admin reads `filter` from it): a chart's drill-down. */
export const invoiceListPath = (filter: object) => filteredListPath('/invoices', filter);
