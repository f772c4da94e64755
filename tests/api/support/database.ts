import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../../server/db/client';

/**
 * Where the API tests run: the embedded PGlite (in memory) by default, or — when DATABASE_URL is
 * set — a PostgreSQL server, on which every test file gets a database of its own
 * (`portal_t_<random>`), created at the start and dropped at the end, so files run in parallel.
 */
export const serverUrl = process.env.DATABASE_URL || null;
export const onPostgres = serverUrl !== null;

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

/** An empty database on the PostgreSQL server of DATABASE_URL (which must be set). */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  if (!serverUrl) throw new Error('createScratchDatabase needs DATABASE_URL');
  const name = scratchName();
  await withServer((client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => withServer((client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}

export interface TestDatabase {
  database: Database;
  /** Closes the connection and, on PostgreSQL, drops the scratch database. */
  dispose(): Promise<void>;
}

/** A migrated, empty database for one test file. */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (!onPostgres) {
    const database = await openDatabase({ databaseUrl: null, dataDir: null });
    return { database, dispose: () => database.close() };
  }
  const scratch = await createScratchDatabase();
  try {
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
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
