import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `"table"."column"`. Drizzle leaves the table out of column names in a single-table select, so a
 * correlated subquery must name its columns in full or `id` would bind to the inner table.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
