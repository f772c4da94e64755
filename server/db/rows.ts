/** The rows of a raw `db.execute` result: node-postgres and PGlite both answer `{rows}`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** How many rows a raw INSERT/UPDATE touched: `rowCount` on node-postgres, `affectedRows` on PGlite. */
export function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
