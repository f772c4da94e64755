import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';
import { auditChanges, withoutSecrets, type Snapshot } from './changes';

export interface AuditEntry {
  /** The acting user; null for the public (a reset link, a registration). */
  userId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** What the change does not show by itself (a reason, a count, the rows it touched). */
  data?: Record<string, unknown>;
  /**
   * The record as it was and as it is now (null/absent for a create or a delete). Only the fields
   * that differ are stored, as `data.changes`; the audit screen shows them as before → after.
   */
  before?: Snapshot | null;
  after?: Snapshot | null;
}

/**
 * Written inside the write's own transaction, so an entry exists exactly when the change does.
 * Secrets (password hashes, tokens) never reach the log, whatever the caller hands over.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ ...auditRow(entry), entityId: entry.entityId == null ? null : String(entry.entityId) });
}

/**
 * An entry's row without its entity id, for a statement that learns the id as it runs (an insert
 * that also logs itself, `insertNewOrder`): the same secret filtering and change list as recordAudit.
 */
export function auditRow(entry: AuditEntry): { userId: number | null; action: string; entity: string; data: Record<string, unknown> } {
  const data = withoutSecrets(entry.data ?? {}) as Record<string, unknown>;
  if (entry.before !== undefined || entry.after !== undefined) {
    const changes = auditChanges(entry.before ?? null, entry.after ?? null);
    if (Object.keys(changes).length) data.changes = changes;
  }
  return { userId: entry.userId, action: entry.action, entity: entry.entity, data };
}
