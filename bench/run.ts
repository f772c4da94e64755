/**
 * `npm run bench`: the figures of DESIGN §7 that exist so far, printed as JSON.
 * Starts its own servers on loopback (a fresh embedded database, or DATABASE_URL when set);
 * every load is bounded in count. Domain issues add their datasets and endpoints here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { bundleFigures } from './bundle';
import { load } from './load';

const PORT = 3400;
const HELLO_PORT = 3401;
const base = `http://127.0.0.1:${PORT}`;

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function startPortal(dataDir: string): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development' },
    stdio: 'ignore',
  });
  await waitFor(`${base}/api/health`);
  return { child, ms: Math.round(performance.now() - started) };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

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
  try {
    const cold = await startPortal(dataDir);
    figures.start_fresh_ms = cold.ms;
    figures.bundle = bundleFigures();
    await stop(cold.child);
    const warm = await startPortal(dataDir);
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
    figures.fastify_hello_20 = await load({ url: `http://127.0.0.1:${HELLO_PORT}/`, concurrency: 20, requests: 2000 });
    await stop(hello);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(JSON.stringify(figures, null, 2));
}

await main();
