import { Type, type TProperties } from 'typebox';
import { asc, desc, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { MAX_ID } from './schemas';

/** The largest page a list answers; react-admin's exporter asks for up to 1000 rows. */
export const MAX_PER_PAGE = 1000;

/** Far beyond any real list, and small enough that page × perPage stays an exact integer for OFFSET. */
export const MAX_PAGE = 1_000_000;
/** A 1-based page number of a list. */
export const Page = Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 });

/** `ids=1,2,3`: react-admin's getMany (reference fields) travels as a comma-separated list. */
export const IdList = Type.String({ pattern: '^[0-9]{1,10}(,[0-9]{1,10})*$', maxLength: 20000 });

/**
 * The query of a list that grows with the business: page (1-based), perPage, sort
 * (one of the declared fields, so an unknown one answers 400 naming `sort`), order, `ids`, and the
 * list's own filters. Paging, sorting and filtering happen in SQL; see `pageOf` and `orderByOf`.
 */
export function listQuerySchema<K extends string, F extends TProperties>(sortFields: readonly [K, ...K[]], filters: F) {
  return Type.Object({
    page: Page,
    perPage: Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: 25 }),
    sort: Type.Union(
      sortFields.map((field) => Type.Literal(field)),
      { default: sortFields[0] },
    ),
    order: Type.Union([Type.Literal('ASC'), Type.Literal('DESC')], { default: 'ASC' }),
    ids: Type.Optional(IdList),
    ...filters,
  });
}

export interface ListParams<K extends string = string> {
  page: number;
  perPage: number;
  sort: K;
  order: 'ASC' | 'DESC';
  ids?: string;
}

/** LIMIT and OFFSET of the requested page. */
export function pageOf(query: Pick<ListParams, 'page' | 'perPage'>): { limit: number; offset: number } {
  return { limit: query.perPage, offset: (query.page - 1) * query.perPage };
}

/**
 * ORDER BY the requested field, then by `tieBreaker` (the primary key) so pages never overlap
 * or skip rows when many share a value.
 */
export function orderByOf<K extends string>(
  columns: Record<K, AnyColumn | SQL>,
  query: Pick<ListParams<K>, 'sort' | 'order'>,
  tieBreaker: AnyColumn,
): SQL[] {
  const direction = query.order === 'DESC' ? desc : asc;
  return [direction(columns[query.sort]), direction(tieBreaker)];
}

/** `WHERE id IN (…)` for an `ids` filter, or nothing. */
export function idsCondition(column: AnyColumn, ids: string | undefined): SQL | undefined {
  if (!ids) return undefined;
  // An id beyond the integer range cannot exist: it matches nothing instead of failing in the database.
  const wanted = ids.split(',').map(Number).filter((id) => id <= MAX_ID);
  return wanted.length ? inArray(column, wanted) : sql`false`;
}

/**
 * Past this many matching rows a searched list stops counting and answers `total_capped`: an exact
 * count of a free-text search costs every match, and the screen needs only "10,000+" (with the
 * exact figure one click away, `exact_total`).
 */
export const COUNT_CAP = 10_000;

/** `exact_total` of a searched list: count every match instead of stopping at `COUNT_CAP`. */
export const ExactTotal = Type.Optional(Type.Boolean());

/** The rows of `from` that `where` selects, counted up to one past `COUNT_CAP` (the cap's own test). */
export const cappedCount = (from: SQL, where: SQL | undefined): SQL =>
  sql`(select count(*) from (select 1 from ${from}${where ? sql` where ${where}` : sql``} limit ${COUNT_CAP + 1}) counted)`;

/** A list's `total` and `total_capped` from what `cappedCount` (when `capped`) or an exact count answered. */
export function cappedTotal(counted: number, capped: boolean): { total: number; total_capped: boolean } {
  const over = capped && counted > COUNT_CAP;
  return { total: over ? COUNT_CAP : counted, total_capped: over };
}

/** `%term%` for ILIKE, with the user's own % and _ taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A `date_from`/`date_to` filter's day starts at midnight business time (UTC+2); `addDays` 1 gives the end of `date_to`. */
export const businessDayStart = (date: string, addDays = 0) => new Date(Date.parse(`${date}T00:00:00+02:00`) + addDays * 86400_000);
