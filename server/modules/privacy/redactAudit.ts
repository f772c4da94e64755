import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

/**
 * Earlier audit entries about erased or anonymised records keep who did what and when; the field
 * values they recorded (names, addresses before → after) are replaced, or the log would keep
 * what the erasure removed.
 */
export async function redactAudit(tx: Tx, entity: string, ids: (number | string)[]): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(auditLog)
    .set({ data: { erased: true } })
    .where(and(eq(auditLog.entity, entity), inArray(auditLog.entityId, ids.map(String))));
}
