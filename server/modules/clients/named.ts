import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import { likePattern } from '../../http/listQuery';
import { qualified } from '../../db/queryParts';
import { rowsOf } from '../../db/rows';

/**
 * Up to this many clients matching a search, their ids go to the list's query as a list: the
 * planner then knows how few rows they lead to and reads them through the client's key. Past it
 * the search is broad, and the list's rows are walked in its order, each one's client tested
 * against the matching set, which finds a page after a few rows.
 */
export const FEW_CLIENTS = 2_000;

/** The clients whose name holds `q` (the trigram index finds them): their ids when few, else the set as a subquery. */
export async function clientsNamed(db: Db, q: string): Promise<number[] | SQL> {
  const named = sql`${qualified(clients.name)} ilike ${likePattern(q)}`;
  const rows = rowsOf<{ id: number }>(await db.execute(sql`select ${clients.id} as id from ${clients} where ${named} limit ${FEW_CLIENTS + 1}`));
  if (rows.length <= FEW_CLIENTS) return rows.map((row) => Number(row.id));
  return sql`(select ${clients.id} from ${clients} where ${named})`;
}

/**
 * `column` (a client id) is one of the clients whose name holds `q`: the clients are found first,
 * then the list's rows by their client, so the most selective condition leads and a search costs
 * its matches, not the table. Undefined when no client matches.
 */
export async function clientIsNamed(db: Db, column: AnyColumn | SQL, q: string): Promise<SQL | undefined> {
  const named = await clientsNamed(db, q);
  if (!Array.isArray(named)) return sql`${column} in ${named}`;
  return named.length ? clientIdIn(column, named) : undefined;
}

/** `column` is one of these client ids (none: false), sent as one array parameter. */
export const clientIdIn = (column: AnyColumn | SQL, ids: number[]): SQL => (ids.length ? sql`${column} = any(${`{${ids.join(',')}}`}::int[])` : sql`false`);
