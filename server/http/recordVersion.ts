import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { badRequest, HttpError } from './errors';

/**
 * Optimistic concurrency for record updates: a save names the version of the record its
 * form was opened at, and is refused when the record has changed since, instead of silently
 * overwriting someone else's save.
 *
 * The version travels in the `If-Match` header (`"3"`, or `W/"3"` as an ETag may be written): HTTP's
 * own place for "only if the record is still as I saw it" (RFC 9110 §13.1.1). Every update route
 * reads it the same way without its body changing (the bodies are closed schemas shared by create
 * and update), and the web app adds it in one place, its data provider. Without it (a create, an API
 * client that does not care) a save goes through as before. A stale save is a 409, not HTTP's 412:
 * orders/update already answers 409 for the same case, and the web app shows every conflict so.
 * The versions themselves are bumped by the database on every change of a row (migration 0018).
 */
export function ifMatchVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?([1-9][0-9]{0,9})"?\s*$/.exec(header);
  const version = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(version) || version > 2_147_483_647) {
    throw badRequest('If-Match', 'If-Match must be the version of the record being saved, e.g. "3"');
  }
  return version;
}

/** An ETag for a record's version, as If-Match takes it back. */
export const versionTag = (version: number): string => `"${version}"`;

/** The refusal of a stale save: what happened, what to do, and that nothing was written. */
export function staleSave(what: string, current: number): HttpError {
  return new HttpError(409, `Someone else saved this ${what} after you opened it; nothing was written. Reload it to see their changes, then make yours again.`, {
    version: `the ${what} is now at version ${current}`,
  });
}

/**
 * Locks row `id` of `table` for the rest of the transaction and refuses the save (409, nothing
 * written: the caller's transaction rolls back) when `expected` is not its version. The lock keeps
 * a save racing this one from slipping in between the check and the write. A row that does not
 * exist passes: the caller answers its own 404.
 */
export async function lockAtVersion(
  tx: Db | Tx,
  table: PgTable,
  columns: { id: PgColumn; version: PgColumn },
  id: number,
  expected: number | undefined,
  what: string,
): Promise<void> {
  if (expected === undefined) return;
  const [row] = rowsOf<{ version: number }>(await tx.execute(sql`select ${columns.version} as version from ${table} where ${columns.id} = ${id} for update`));
  if (row && Number(row.version) !== expected) throw staleSave(what, Number(row.version));
}
