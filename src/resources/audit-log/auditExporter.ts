import { downloadCSV, type Exporter } from 'react-admin';
import { csvOf } from '../shared/csv';
import { shownValue, type AuditEntry } from './types';

const columns = ['id', 'at', 'user_name', 'user_email', 'action', 'entity', 'entity_id', 'changes', 'data'] as const;

/** One line per entry; its changes as `field: before → after` joined by `; `, the context as JSON. */
export function auditCsv(entries: AuditEntry[]): string {
  const rows = entries.map((entry) => ({
    ...entry,
    changes: entry.changes.map((change) => `${change.field}: ${shownValue(change.before)} → ${shownValue(change.after)}`).join('; '),
    data: Object.keys(entry.data).length ? JSON.stringify(entry.data) : '',
  }));
  return csvOf(columns, rows);
}

/** The filtered entries (react-admin fetches them through the list's own query) as audit-log.csv. */
export const auditExporter: Exporter<AuditEntry> = (entries) => downloadCSV(auditCsv(entries), 'audit-log');
