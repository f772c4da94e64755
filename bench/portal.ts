/** Starting and stopping the portal for a bench run, on loopback. */
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';

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
