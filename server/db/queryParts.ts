import { count, getTableName, inArray, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { badRequest } from '../http/errors';
import { likePattern, pageOf, type ListParams } from '../http/listQuery';

/**
 * `"table"."column"`. Drizzle leaves the table out of column names in a single-table select, so a
 * correlated subquery must name its columns in full or `id` would bind to the inner table.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** The sorted ids in `column` of the link rows whose `key` is the outer row's `outerKey`: `[]` when none. */
export function linkedIds(column: AnyColumn, key: AnyColumn, outerKey: AnyColumn): SQL<number[]> {
  return sql<number[]>`coalesce((
    select array_agg(${qualified(column)} order by ${qualified(column)})
    from ${column.table} where ${qualified(key)} = ${qualified(outerKey)}
  ), '{}')`;
}

/** The ISO text `Date#toISOString` gives (UTC, milliseconds), made by the database for an answer it builds as JSON. */
export const isoText = (column: AnyColumn | SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The rows of `query` as one JSON array (`[]` when none), its keys the query's column aliases: to
 * send rows with the statement that needs them instead of in a statement of their own. The rows
 * keep the query's ORDER BY: the aggregate reads the sorted subquery as it comes.
 */
export const jsonRows = (query: SQLWrapper) => sql`(select coalesce(json_agg(r), '[]'::json) from ${query} r)`;

/** Each column under its own name, as a subquery handed to `jsonRows` must name them. */
export function aliased<K extends string>(columns: Record<K, AnyColumn | SQL>): Record<K, SQL.Aliased> {
  return Object.fromEntries(Object.entries<AnyColumn | SQL>(columns).map(([name, column]) => [name, sql`${column}`.as(name)])) as Record<K, SQL.Aliased>;
}

/** One page of a list and the count of all its rows, both filtered in SQL. */
export async function pagedList<T>(
  db: Db,
  list: {
    from: PgTable;
    columns: SelectedFields;
    /** A table the page's columns read (the count does not need it). */
    leftJoin?: { table: Parameters<ReturnType<Db['select']>['from']>[0]; on: SQL } | null;
    where: SQL | undefined;
    orderBy: SQL[];
    query: ListParams;
  },
): Promise<{ data: T[]; total: number }> {
  const { limit, offset } = pageOf(list.query);
  const page = db.select(list.columns).from(list.from).$dynamic();
  if (list.leftJoin) page.leftJoin(list.leftJoin.table as PgTable, list.leftJoin.on);
  const [data, [{ total }]] = await Promise.all([
    page.where(list.where).orderBy(...list.orderBy).limit(limit).offset(offset),
    db.select({ total: count() }).from(list.from).where(list.where),
  ]);
  return { data: data as T[], total };
}

/** `WHERE name ILIKE %q%` for a list's search box, or nothing. */
export function nameSearch(column: AnyColumn, q: string | undefined): SQL | undefined {
  return q ? sql`${qualified(column)} ilike ${likePattern(q)}` : undefined;
}

/** 400 naming `field` unless every id (distinct) is a row of `idColumn`'s table. */
export async function assertAllExist(tx: Tx, field: string, idColumn: AnyColumn, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const [{ n }] = await tx.select({ n: count() }).from(idColumn.table).where(inArray(idColumn, [...ids]));
  if (n !== ids.length) throw badRequest(field, `${field} names a record that does not exist`);
}
