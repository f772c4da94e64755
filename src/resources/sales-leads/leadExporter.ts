import { downloadCSV, type Exporter } from 'react-admin';
import type { Lead } from './leads';
import { csvOf } from '../shared/csv';

/** The columns of the CSV export, in the order a spreadsheet shows them. */
const columns = [
  'id', 'name', 'contact_name', 'email', 'phone', 'company', 'client_type', 'branch_id', 'source', 'status',
  'owner_name', 'follow_up_at', 'notes', 'created_at',
] as const satisfies readonly (keyof Lead)[];

export function leadsCsv(leads: Lead[]): string {
  return csvOf(columns, leads);
}

/** The filtered leads (react-admin fetches them through the list's own query) as sales-leads.csv. */
export const leadExporter: Exporter<Lead> = (leads) => downloadCSV(leadsCsv(leads), 'sales-leads');
