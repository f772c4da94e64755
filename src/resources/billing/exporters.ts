import { downloadCSV, type Exporter } from 'react-admin';
import { ageingBuckets } from '../../../shared/billing/accounts';
import { centsToDecimal } from '../../../shared/billing/vat';
import { csvOf } from '../shared/csv';
import type { Debtor, DocumentSummary, Payment } from '../../../shared/billing/records';

/** Money in CSV as plain decimal rand (`1234.56`), which every spreadsheet reads as a number. */
const money = <T,>(row: T, fields: readonly (keyof T)[]) => Object.fromEntries(fields.map((field) => [field, centsToDecimal(row[field] as number)]));

const invoiceColumns = ['number', 'issue_date', 'due_at', 'client_name', 'order_reference', 'total_excl_vat', 'vat', 'total', 'balance', 'status'] as const;
export const invoicesCsv = (rows: DocumentSummary[]) => csvOf(invoiceColumns, rows.map((row) => ({ ...row, ...money(row, ['total_excl_vat', 'vat', 'total', 'balance']) })));
export const invoiceExporter: Exporter<DocumentSummary> = (rows) => downloadCSV(invoicesCsv(rows), 'invoices');

const paymentColumns = ['id', 'paid_at', 'client_name', 'reference', 'amount', 'unallocated', 'status', 'allocations', 'refused_reason'] as const;
export const paymentsCsv = (rows: Payment[]) =>
  csvOf(
    paymentColumns,
    rows.map((row) => ({
      ...row,
      ...money(row, ['amount', 'unallocated']),
      allocations: row.allocations.map((allocation) => `${allocation.number}: ${centsToDecimal(allocation.amount)}`).join('; '),
    })),
  );
export const paymentExporter: Exporter<Payment> = (rows) => downloadCSV(paymentsCsv(rows), 'payments');

const debtorColumns = ['id', 'client_name', 'email', 'payment_terms', 'credit_limit', ...ageingBuckets, 'balance'] as const;
export const debtorsCsv = (rows: Debtor[]) =>
  csvOf(
    debtorColumns,
    rows.map((row) => ({ ...row, ...money(row, [...ageingBuckets, 'balance']), credit_limit: row.credit_limit === null ? '' : centsToDecimal(row.credit_limit) })),
  );
export const debtorExporter: Exporter<Debtor> = (rows) => downloadCSV(debtorsCsv(rows), 'debtors');
