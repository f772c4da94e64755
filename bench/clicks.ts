/**
 * The click-redirect figure: the click redirect of campaign mail (`GET api/mailing/click/:token`) at 200
 * concurrent connections, against the portal as `npm start` runs it (another process), on a fresh
 * embedded database or a scratch database on DATABASE_URL. The portal is started once to create
 * and seed its database, stopped, the bench signs a click token of the demo send's tracked link
 * with the installation's key (read as the portal reads it), and the portal is started again.
 * 200 connections (bench/connections.ts): 3 s of warm-up, then 10 s measured, every answer checked
 * to be a 302 to the stored address. Goals: p99 ≤ 20 ms on PostgreSQL; at least half the bare
 * hello-world's requests/s at the same 200 connections (`vs_hello`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { mailingKey } from '../server/modules/crm/mailing/signingKeys';
import { clickToken } from '../server/modules/crm/engagement/tokens';
import { PORT, base, scratchDatabase, startPortal, stop, waitFor } from './portal';
import { measured } from './connections';

const CONCURRENCY = 200;

async function signedClick(databaseUrl: string | null, dataDir: string): Promise<{ path: string; target: string; sendId: number }> {
  const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? null : dataDir });
  try {
    const [link] = rowsOf<{ send_id: number; idx: number; url: string }>(await database.db.execute(sql`select send_id, idx, url from mailing_links order by send_id limit 1`));
    if (!link) throw new Error('the demo data has no tracked link (server/db/seed/mailing.ts)');
    const key = await mailingKey(database.db, 'tracking');
    return { path: `/api/mailing/click/${clickToken(key, { sendId: link.send_id, linkIdx: link.idx, deliveryId: null })}`, target: link.url, sendId: link.send_id };
  } finally {
    await database.close();
  }
}

/**
 * The bare Fastify hello-world at the same 200 connections, right after: on a shared two-core
 * machine the load generator and the server share the cores, and this says what the machine
 * itself allows at that concurrency.
 */
async function helloAt200() {
  const port = PORT + 1;
  const hello = spawn(process.execPath, ['bench/hello.mjs'], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  try {
    await waitFor(`http://127.0.0.1:${port}/`);
    return await measured({ url: `http://127.0.0.1:${port}/`, connections: CONCURRENCY });
  } finally {
    await stop(hello);
  }
}

export async function clickFigures(): Promise<Record<string, unknown>> {
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'clicks') : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-clicks-'));
  const env: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : {};
  try {
    await stop((await startPortal(dataDir, env)).child);
    const click = await signedClick(scratch?.url ?? null, dataDir);
    const { child } = await startPortal(dataDir, env);
    try {
      // The warm-up's first clicks read the send's links; every answer must be a 302 to the stored address.
      const figures = await measured({ url: `${base}${click.path}`, connections: CONCURRENCY, expectStatus: 302, expectLocation: click.target });
      await stop(child);
      const hello = await helloAt200();
      // The portal's fixed cost per request (headers, access check, log line), as the share of the bare hello-world's rate it keeps.
      return { database: scratch ? 'postgres' : 'pglite', ...figures, hello_200: hello, vs_hello: Math.round((figures.rps / hello.rps) * 1000) / 1000 };
    } finally {
      if (child.exitCode === null) await stop(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await clickFigures(), null, 2));
