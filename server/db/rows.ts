/** The rows of a raw `db.execute` result: node-postgres and PGlite both answer `{rows}`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** How many rows a raw INSERT/UPDATE touched: `rowCount` on node-postgres, `affectedRows` on PGlite. */
export function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/**
 * A list cut into runs of `size` for multi-row statements: a few hundred rows per INSERT (or
 * values per `IN`) stays well under PostgreSQL's limit of 65,535 parameters a statement.
 */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}
