import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import type { Snapshot } from './changes';

/**
 * One row as the database holds it, for an audit entry's before or after (see recordAudit). Read in
 * the write's transaction, so it is exactly what the change replaced or made.
 */
export async function snapshot(tx: Tx, table: PgTable & { id: AnyPgColumn }, id: number | string): Promise<Snapshot | null> {
  const [row] = await tx.select().from(table as PgTable).where(eq(table.id, id));
  return (row as Snapshot | undefined) ?? null;
}
