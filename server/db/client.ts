import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a service receives inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Beside this file when run from source; ../server/db/migrations from the bundle in dist-server/. */
const here = dirname(fileURLToPath(import.meta.url));
export const migrationsFolder = [join(here, 'migrations'), join(here, '..', 'server', 'db', 'migrations')].find((dir) =>
  existsSync(join(dir, 'meta', '_journal.json')),
)!;

export interface DatabaseOptions {
  /** postgres://… — when absent, the embedded database. */
  databaseUrl: string | null;
  /** Folder of the embedded database; `null` keeps it in memory (tests). */
  dataDir: string | null;
}

/**
 * Opens the database and applies the committed migrations. The drivers are imported lazily so
 * an instance on PostgreSQL never loads the WASM build of PGlite, and the reverse.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, a failover, an administrator) is reported on
    // the pool; unheard, that event would end the process. The pool opens a new one when needed.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // pg_trgm backs the search indexes (migration 0003); PGlite loads its extensions at creation.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = { pg_trgm };
  let client;
  if (options.dataDir) {
    const folder = join(options.dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    client = await PGlite.create(folder, { extensions });
  } else {
    client = await PGlite.create({ extensions });
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
