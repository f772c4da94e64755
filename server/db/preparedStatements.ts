import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryConfig } from 'pg';

/** Statements a connection keeps prepared; past this (bulk calls with lists of every length) the rest run unnamed. */
const PREPARED_PER_CONNECTION = 500;

/**
 * Every parameterised statement runs as a named prepared statement on its connection, its name
 * derived from its text. PostgreSQL then parses each distinct statement once per connection
 * instead of on every call, and after a few runs keeps its plan: on the bench's list calls that
 * was most of PostgreSQL's CPU per request (three short statements, each parsed and planned anew).
 * Drizzle builds the same text for the same query shape, with the values as parameters, so the
 * portal's few hundred query shapes become a few hundred prepared statements per connection.
 * Statements without parameters (migrations, LISTEN, `select 1`) are left as they are: a named
 * statement must be a single command.
 */
export function prepareRepeatedStatements(pool: Pool): void {
  pool.on('connect', (client) => nameStatementsOf(client));
}

function nameStatementsOf(client: PoolClient): void {
  const prepared = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (!isUnnamedWithValues(config, rest[0])) return query(config, ...rest);
    const name = `p_${createHash('sha1').update(config.text).digest('base64url')}`;
    if (!prepared.has(name)) {
      if (prepared.size >= PREPARED_PER_CONNECTION) return query(config, ...rest);
      prepared.add(name);
    }
    return query({ ...config, name }, ...rest);
  };
}

/** A query given as an object with its text, no name yet, and parameters (in the object or beside it). */
function isUnnamedWithValues(config: unknown, values: unknown): config is QueryConfig {
  if (typeof config !== 'object' || config === null) return false;
  const candidate = config as QueryConfig;
  if (typeof candidate.text !== 'string' || candidate.name) return false;
  const given = Array.isArray(values) ? values : candidate.values;
  return Array.isArray(given) && given.length > 0;
}
