import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { type Database, type Db, openDatabase } from '../../../server/db/client';
import { rowsOf } from '../../../server/db/rows';

/**
 * Where the API tests run: the embedded PGlite (in memory) by default, or — when DATABASE_URL is
 * set — a PostgreSQL server, on which every test file gets a database of its own
 * (`portal_t_<random>`), created at the start and dropped at the end, so files run in parallel.
 */
export const onPostgres = Boolean(process.env.DATABASE_URL);
/**
 * The PostgreSQL server itself. Behind PgBouncer (DATABASE_DIRECT_URL set, as in `.ci/run`'s
 * last API run) databases are created and dropped there, and the tests that start processes of
 * their own use it; the suite's apps (openTestDatabase) go through the pooler and read from the
 * replica of DATABASE_READ_URL.
 */
export const serverUrl = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL || null;
const poolerUrl = process.env.DATABASE_DIRECT_URL ? process.env.DATABASE_URL! : null;
const replicaUrl = process.env.DATABASE_READ_URL || null;

/**
 * The environment of a portal process a test starts, without this run's database settings: the
 * test gives it its own (a scratch database on the server, or an embedded one in a folder).
 */
export function processEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATABASE_DIRECT_URL: _direct, DATABASE_READ_URL: _read, ...rest } = process.env;
  return rest;
}

/** How this run's apps reach a database of the server by its name: through the pooler and the replica when the run has them. */
export function connectionsTo(name: string): { databaseUrl: string; directUrl: string | null; readUrl: string | null } {
  return {
    databaseUrl: onDatabase(poolerUrl ?? serverUrl!, name),
    directUrl: poolerUrl ? onDatabase(serverUrl!, name) : null,
    readUrl: replicaUrl ? onDatabase(replicaUrl, name) : null,
  };
}

/** The name of the database a connection is on. */
export async function databaseName(db: Db): Promise<string> {
  return rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`))[0].name;
}

/** The same server URL with another database's name. */
export function onDatabase(serverOrPooler: string, name: string): string {
  const url = new URL(serverOrPooler);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The name is generated here (never from input) and is a plain identifier, so it can be quoted as is. */
function scratchName(): string {
  return `portal_t_${randomBytes(6).toString('hex')}`;
}

async function withServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl! });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  /** postgres://… of the new, empty database. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A new database on the PostgreSQL server of DATABASE_URL (which must be set): empty, or a copy of
 * the database `template` (a name this suite made, so it is quoted as is).
 */
export async function createScratchDatabase(template: string | null = null): Promise<ScratchDatabase> {
  if (!serverUrl) throw new Error('createScratchDatabase needs DATABASE_URL');
  const name = scratchName();
  await withServer((client) => client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`));
  return {
    url: onDatabase(serverUrl, name),
    name,
    drop: () => withServer((client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}

export interface TestDatabase {
  database: Database;
  /** Closes the connection and, on PostgreSQL, drops the scratch database. */
  dispose(): Promise<void>;
}

/**
 * A database for one test file: migrated, and — `seeded` — a copy of the suite's seeded one
 * (reference data and the demo accounts, tests/api/support/seededCopy.ts); on PostgreSQL,
 * `settings` are its sessions' defaults.
 */
export async function openTestDatabase(
  options: { seeded: boolean; settings?: Record<string, string>; logQuery?: (query: string) => void },
): Promise<TestDatabase> {
  const { seeded, settings = {}, logQuery } = options;
  const copy = seeded ? inject('seededCopy') : null;
  if (!onPostgres) {
    const startFrom = copy?.kind === 'pglite' ? new Blob([await readFile(copy.file)]) : undefined;
    const database = await openDatabase({ databaseUrl: null, dataDir: null, logQuery, startFrom });
    return { database, dispose: () => database.close() };
  }
  const scratch = await createScratchDatabase(copy?.kind === 'postgres' ? copy.name : null);
  try {
    // Settings every session of the new database starts with (names and values are the test's own constants).
    for (const [name, value] of Object.entries(settings)) await withServer((client) => client.query(`alter database "${scratch.name}" set ${name} = '${value}'`));
    const database = await openDatabase({ ...connectionsTo(scratch.name), dataDir: null, logQuery });
    return {
      database,
      async dispose() {
        try {
          await database.close();
        } finally {
          await scratch.drop();
        }
      },
    };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}
