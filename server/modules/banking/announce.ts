import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * Tells the admins' open screens that a statement's lines changed (an import, a match, its undo,
 * an ignore) or that the rules did, through the live events' own function (migration 0015), in the
 * writing transaction: the notice goes out at commit and not at all on a rollback. One event per
 * statement, not per line, so a statement of a thousand lines is one refetch.
 */
export async function announce(tx: Tx, resource: 'bank-statements' | 'bank-rules', kind: 'created' | 'updated' | 'deleted', id: number): Promise<void> {
  await tx.execute(sql`select portal_send_event(${resource}, ${kind}, ${id}::int, null, null)`);
}
