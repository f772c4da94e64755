import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  /** The acting user; null for the public (a reset link, a registration). */
  userId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  data?: Record<string, unknown>;
}

/** Written inside the write's own transaction, so an entry exists exactly when the change does. */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    data: entry.data ?? {},
  });
}
