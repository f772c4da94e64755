/** Starting and stopping the portal for a bench run, on loopback. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Db, openDatabase } from '../server/db/client';
import { seedDemoData } from '../server/db/seed/demo';
import { ensureReferenceData } from '../server/db/seed/reference';
import { generateDataset, sizeFromEnv } from './dataset';

/** BENCH_PORT moves the bench's servers (this port and the next) off another run's. */
export const PORT = Number(process.env.BENCH_PORT ?? 3400);
export const base = `http://127.0.0.1:${PORT}`;

export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function startPortal(dataDir: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', ...env },
    stdio: 'ignore',
  });
  await waitFor(`${base}/api/health`);
  return { child, ms: Math.round(performance.now() - started) };
}

export async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}


/**
 * A database of the bench's own on the PostgreSQL server of DATABASE_URL, dropped afterwards: the
 * bench never migrates or seeds the database it was pointed at.
 */
export async function scratchDatabase(url: string, purpose: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_bench_${process.pid}_${purpose}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * The frame of a bench part on the 100,000-order dataset: a database of its own (a scratch
 * database on DATABASE_URL's server, or a fresh embedded one), the demo seed and the generated
 * dataset, then `prepare` on it (more rows), then a portal on it for `measure`, then `verify` on the
 * database once the portal has stopped (the embedded database has one user at a time); everything
 * removed afterwards. Answers the part's figures, with `database` and what `prepare` reports.
 */
export async function onDataset(
  part: string,
  prepare: (db: Db) => Promise<Record<string, unknown>>,
  measure: (figures: Record<string, unknown>) => Promise<void>,
  /** More of the portal's environment (e.g. the PayFast settings of a stand-in). */
  env: Record<string, string> = {},
  /** Checks of what the load wrote, by query, adding to the figures (e.g. `good/all` counts). */
  verify?: (db: Db, figures: Record<string, unknown>) => Promise<void>,
): Promise<Record<string, unknown>> {
  const figures: Record<string, unknown> = {};
  const dataDir = mkdtempSync(join(tmpdir(), `portal-bench-${part}-`));
  // With DATABASE_DIRECT_URL (DATABASE_URL a PgBouncer) and DATABASE_READ_URL (a streaming replica),
  // the portal runs as docs/SCALING.md's next 10×: the scratch database is made on the server
  // itself and reached by the same name through the pooler and on the replica.
  const server = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL;
  const scratch = server ? await scratchDatabase(server, part) : null;
  const sameDatabase = (url: string | undefined) => {
    if (!url || !scratch) return undefined;
    const moved = new URL(url);
    moved.pathname = new URL(scratch.url).pathname;
    return moved.toString();
  };
  const portalEnv: Record<string, string> = { ...env };
  if (scratch) {
    portalEnv.DATABASE_URL = sameDatabase(process.env.DATABASE_URL)!;
    if (process.env.DATABASE_DIRECT_URL) portalEnv.DATABASE_DIRECT_URL = scratch.url;
    if (process.env.DATABASE_READ_URL) portalEnv.DATABASE_READ_URL = sameDatabase(process.env.DATABASE_READ_URL)!;
  }
  figures.database = scratch ? (portalEnv.DATABASE_READ_URL ? 'postgres, pgbouncer and a read replica' : 'postgres') : 'pglite';
  try {
    const database = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir });
    await ensureReferenceData(database.db);
    await seedDemoData(database.db);
    const dataset = await generateDataset(database.db, sizeFromEnv());
    figures.size = { ...dataset, ...(await prepare(database.db)) };
    await database.close();
    const { child } = await startPortal(dataDir, portalEnv);
    try {
      await measure(figures);
    } finally {
      await stop(child);
    }
    if (verify) {
      const reopened = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir });
      try {
        await verify(reopened.db, figures);
      } finally {
        await reopened.close();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
  return figures;
}
