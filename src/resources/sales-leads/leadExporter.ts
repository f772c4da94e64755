import { downloadCSV, type Exporter } from 'react-admin';
import type { Lead } from './leads';

/** The columns of the CSV export, in the order a spreadsheet shows them. */
const columns = [
  'id', 'name', 'contact_name', 'email', 'phone', 'company', 'client_type', 'branch_id', 'source', 'status',
  'owner_name', 'follow_up_at', 'notes', 'created_at',
] as const satisfies readonly (keyof Lead)[];

/** One CSV cell: quoted when it holds a separator, a quote or a line break (RFC 4180). */
function cell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function leadsCsv(leads: Lead[]): string {
  return [columns.join(','), ...leads.map((lead) => columns.map((column) => cell(lead[column])).join(','))].join('\r\n');
}

/** The filtered leads (react-admin fetches them through the list's own query) as sales-leads.csv. */
export const leadExporter: Exporter<Lead> = (leads) => downloadCSV(leadsCsv(leads), 'sales-leads');
