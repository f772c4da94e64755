/**
 * `npm run bench`: the figures of DESIGN §7 that exist so far, printed as JSON.
 * Starts its own servers on loopback (a fresh embedded database, or DATABASE_URL when set);
 * every load is bounded in count. Domain issues add their datasets and endpoints here.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { bundleFigures } from './bundle';
import { runDatasetBench } from './datasetBench';
import { base, scratchDatabase, startPortal, stop, waitFor } from './portal';
import { load } from './load';
import { mailingFigures } from './mailing';

const HELLO_PORT = 3401;

async function loginInteractiveMs(): Promise<number> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const samples: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const page = await browser.newPage();
      await page.goto(`${base}/login`, { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      samples.push(await page.evaluate(() => performance.now()));
      await page.close();
    }
    return Math.round(samples.sort((a, b) => a - b)[2]);
  } finally {
    await browser.close();
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const figures: Record<string, unknown> = { database: process.env.DATABASE_URL ? 'postgres' : 'pglite' };
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'start') : null;
  const database: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : {};
  try {
    const cold = await startPortal(dataDir, database);
    figures.start_fresh_ms = cold.ms;
    figures.bundle = await bundleFigures();
    await stop(cold.child);
    const warm = await startPortal(dataDir, database);
    figures.start_existing_ms = warm.ms;

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'demo-pass-1234' }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const auth = { authorization: `Bearer ${login.access_token}` };
    await load({ url: `${base}/api/auth/core`, headers: auth, concurrency: 20, requests: 200 });
    figures.auth_core_20 = await load({ url: `${base}/api/auth/core`, headers: auth, concurrency: 20, requests: 2000 });
    figures.login_interactive_ms = await loginInteractiveMs();
    await stop(warm.child);

    const hello = spawn(process.execPath, ['bench/hello.mjs'], { env: { ...process.env, PORT: String(HELLO_PORT) }, stdio: 'ignore' });
    await waitFor(`http://127.0.0.1:${HELLO_PORT}/`);
    await load({ url: `http://127.0.0.1:${HELLO_PORT}/`, concurrency: 20, requests: 200 });
    const hello20 = await load({ url: `http://127.0.0.1:${HELLO_PORT}/`, concurrency: 20, requests: 2000 });
    figures.fastify_hello_20 = hello20;
    await stop(hello);

    // 10,000 recipients to a local SMTP server, no rate limit (DESIGN §7: ≥ 200 mails/s).
    figures.mailing_10k = await mailingFigures(10_000);

    if (process.env.BENCH_DATASET !== 'skip') {
      const dataset = await runDatasetBench();
      figures.dataset = dataset;
      const ordersRps = (dataset.orders_all_25 as { rps: number } | undefined)?.rps;
      if (ordersRps) figures.orders_all_vs_hello = Math.round((ordersRps / hello20.rps) * 1000) / 1000;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
  console.log(JSON.stringify(figures, null, 2));
}

await main();
