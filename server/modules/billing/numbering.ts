import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { documentCounters, type DocumentType } from '../../db/schema';
import { rowsOf } from '../../db/rows';

/**
 * The next number of a series, gap-free: the counter row is incremented (and so locked) inside
 * the issuing transaction. Concurrent issues wait for each other on that row; a transaction that
 * rolls back, or a process killed before commit, gives its number back with the rollback. A
 * sequence would be faster and leave gaps, which is what auditors ask about.
 */
export async function nextSequence(tx: Tx, series: DocumentType | 'delivery_note'): Promise<number> {
  const [row] = rowsOf<{ last: number }>(await tx.execute(sql`update ${documentCounters} set last = last + 1 where series = ${series} returning last`));
  return Number(row.last);
}

export const documentNumber = (prefix: string, sequence: number) => `${prefix}${String(sequence).padStart(6, '0')}`;
