import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockFolder } from './folderLock';
import { prepareRepeatedStatements } from './preparedStatements';
import { REPLICA_CONNECT_TIMEOUT_MS, fallBackToPrimary } from './replica';
import { type ChangeNotices, pgliteNotices, postgresNotices } from './notices';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a service receives inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  /**
   * Where lists, statistics and exports may read: the replica of DATABASE_READ_URL when there is
   * one (falling back to the primary while it does not answer), else the primary itself.
   */
  replica: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN/NOTIFY on this database: what lets each instance keep users in memory (server/auth/sessionCache.ts). */
  notices: ChangeNotices;
  /** The embedded database only: a consistent copy of it, as a .tar.gz file (npm run db:backup; the API tests' seeded copy). */
  dump?(file: string): Promise<void>;
  close(): Promise<void>;
}

/** A consistent copy of an embedded database's files: PGlite runs one statement at a time in this process, so the dump sees one committed state. */
function dumpTo(client: { dumpDataDir(compression: 'gzip'): Promise<Blob | File> }) {
  return async (file: string) => writeAtomically(file, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
}

/** Beside this file when run from source; ../server/db/migrations from the bundle in dist-server/. */
const here = dirname(fileURLToPath(import.meta.url));
export const migrationsFolder = [join(here, 'migrations'), join(here, '..', 'server', 'db', 'migrations')].find((dir) =>
  existsSync(join(dir, 'meta', '_journal.json')),
)!;

/** The advisory lock key of the migrations (any constant the portal uses for nothing else). */
const MIGRATION_LOCK = 7_150_001;

export interface DatabaseOptions {
  /** postgres://… — when absent, the embedded database. */
  databaseUrl: string | null;
  /** Folder of the embedded database; `null` keeps it in memory (tests). */
  dataDir: string | null;
  /** PostgreSQL connections this instance may hold (DB_POOL_SIZE); default `defaultPoolSize()`. */
  poolSize?: number;
  /**
   * DATABASE_DIRECT_URL: the server itself when `databaseUrl` is a pooler in transaction mode
   * (PgBouncer). Migrations, their lock and LISTEN need one session throughout, so they go here,
   * and statements through the pooler stay unnamed (PgBouncer 1.18, Debian 12's, does not carry
   * named prepared statements from one transaction's server connection to the next).
   */
  directUrl?: string | null;
  /** DATABASE_READ_URL: a streaming replica for reads that may lag a moment (lists, statistics, exports). */
  readUrl?: string | null;
  /** Sees each statement's SQL before it runs (tests: which tables a route reads). */
  logQuery?: (query: string) => void;
  /**
   * The in-memory embedded database's starting files: a `dumpDataDir` tarball of one already
   * migrated (and seeded). The API tests start each file's database from one copy made once, instead
   * of migrating and seeding (hashing the demo passwords) again: about 4 s a file.
   */
  startFrom?: Blob;
}

/**
 * Connections per instance when DB_POOL_SIZE does not say: three per core of this machine, 4 to 20.
 * A request holds a connection only while its statement runs (most calls are one statement), so
 * more connections than can run at once only queue inside PostgreSQL instead of here: on the
 * bench's two cores, 6 connections had the shortest tails (4, 6, 8 and 16 tried; bench/README.md).
 * Several instances on one server share its max_connections (100 by default).
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.min(20, Math.max(4, cores * 3));
}

/**
 * Opens the database and applies the committed migrations. The drivers are imported lazily so
 * an instance on PostgreSQL never loads the WASM build of PGlite, and the reverse.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger = options.logQuery ? { logQuery: options.logQuery } : undefined;
  if (options.databaseUrl) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pooled = Boolean(options.directUrl);
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? defaultPoolSize() });
    // An idle connection the server ends (a restart, a failover, an administrator) is reported on
    // the pool; unheard, that event would end the process. The pool opens a new one when needed.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    if (!pooled) prepareRepeatedStatements(pool);
    const db = drizzle(pool, { schema, logger });
    await migrateOnce(options.directUrl ?? options.databaseUrl);
    let replica = db as unknown as Db;
    let replicaPool: InstanceType<typeof Pool> | null = null;
    if (options.readUrl) {
      replicaPool = new Pool({ connectionString: options.readUrl, max: options.poolSize ?? defaultPoolSize(), connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS });
      replicaPool.on('error', (error) => console.warn(`The read replica closed an idle connection: ${error.message}`));
      prepareRepeatedStatements(replicaPool);
      fallBackToPrimary(replicaPool, pool);
      replica = drizzle(replicaPool, { schema, logger }) as unknown as Db;
    }
    return {
      db: db as unknown as Db,
      replica,
      kind: 'postgres',
      notices: postgresNotices(options.directUrl ?? options.databaseUrl),
      close: async () => {
        await Promise.all([pool.end(), replicaPool?.end()]);
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // pg_trgm backs the search indexes (migration 0003); PGlite loads its extensions at creation.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = { pg_trgm };
  if (!options.dataDir) {
    const client = await PGlite.create({ extensions, ...(options.startFrom ? { loadDataDir: options.startFrom } : {}) });
    const db = drizzle(client, { schema, logger });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, replica: db as unknown as Db, kind: 'pglite', notices: pgliteNotices(client), dump: dumpTo(client), close: () => client.close() };
  }
  const folder = join(options.dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  const release = lockFolder(options.dataDir);
  try {
    // PGlite makes a new, empty database in any folder without PG_VERSION: in a folder that still
    // holds the files of one, that would quietly start the portal on an empty database over them.
    if (readdirSync(folder).length > 0 && !existsSync(join(folder, 'PG_VERSION'))) {
      throw new DamagedDataError(folder, 'PG_VERSION is missing');
    }
    const client = await PGlite.create(folder, { extensions }).catch((error: unknown) => {
      throw new DamagedDataError(folder, `PGlite could not open it: ${error instanceof Error ? error.message : String(error)}`);
    });
    try {
      await verifyTables(client, folder);
      const db = drizzle(client, { schema, logger });
      await migrate(db, { migrationsFolder });
      return {
        db: db as unknown as Db,
        replica: db as unknown as Db,
        kind: 'pglite',
        notices: pgliteNotices(client),
        dump: dumpTo(client),
        close: async () => {
          await client.close();
          release();
        },
      };
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Applies the committed migrations over one session of its own. Instances started together (a
 * deploy behind a load balancer) take turns: the first applies them, the others wait on the lock
 * and then find nothing left to do. Without it two migrators race on drizzle's bookkeeping table
 * and on the DDL itself. A session-level advisory lock needs the server, not a pooler.
 */
async function migrateOnce(url: string): Promise<void> {
  const { Client } = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const session = new Client({ connectionString: url });
  await session.connect();
  try {
    await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(session, { schema }), { migrationsFolder });
  } finally {
    // Ending the session releases its lock too, also when a migration failed.
    await session.end();
  }
}

/** The whole file or nothing: a backup cut short by a crash must not look like a backup. */
function writeAtomically(file: string, content: Buffer): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, content);
  renameSync(partial, file);
}

/** A data folder that must not be opened as it is; the message says what to do. */
export class DamagedDataError extends Error {
  constructor(
    readonly folder: string,
    reason: string,
  ) {
    super(
      `The embedded database in ${folder} is damaged (${reason}). The portal did not start on it. ` +
        `To recover: stop every portal using it, move the folder aside (mv ${folder} ${folder}.damaged), then restore the last backup ` +
        `(npm run db:restore -- <backup file>); without a backup, starting again makes a new, empty database.`,
    );
    this.name = 'DamagedDataError';
  }
}

/**
 * Reads every page of every table once, so a damaged file (PostgreSQL checks each page's header as
 * it reads it: SQLSTATE XX001/XX002) stops the start instead of failing later on the request that
 * happens to touch it.
 */
async function verifyTables(client: { query<T>(sql: string): Promise<{ rows: T[] }> }, folder: string): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(relname) as name from pg_catalog.pg_stat_user_tables`,
  );
  for (const { name } of rows) {
    try {
      await client.query(`select count(*) from ${name}`);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'XX001' || code === 'XX002' || code === 'XX000') throw new DamagedDataError(folder, `table ${name}: ${(error as Error).message}`);
      throw error;
    }
  }
}
