/**
 * `npm run bench`: the portal's figures, printed as one JSON object, with `goals` (each figure
 * next to its goal) and `missed`; the exit code is 1 when a goal is missed. Starts its own servers on
 * loopback (a fresh embedded database, or DATABASE_URL when set); every load is bounded in count.
 * BENCH_PARTS=dataset (a comma list of start, login, mailing, dataset, billing, reports, goods, events, webhooks, clicks) runs only those
 * parts; the hello-world baseline always runs, as every ratio is to it in the same run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { runBillingBench } from './billingBench';
import { runReportsBench } from './reportsBench';
import { runGoodsBench } from './goodsBench';
import { bundleFigures } from './bundle';
import { runDatasetBench } from './datasetBench';
import { PORT, base, scratchDatabase, startPortal, stop, waitFor } from './portal';
import { type Goal, goalsOf } from './goals';
import { measured } from './connections';
import { mailingFigures } from './mailing';
import { eventsFigures } from './events';
import { webhookFigures } from './webhooks';
import { clickFigures } from './clicks';

const HELLO_PORT = PORT + 1;
const parts = new Set((process.env.BENCH_PARTS ?? 'start,login,mailing,dataset,billing,reports,goods,events,webhooks,clicks').split(','));
if (process.env.BENCH_DATASET === 'skip') parts.delete('dataset');

async function loginInteractiveMs(): Promise<number> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const samples: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const page = await browser.newPage();
      // The page's own clock when an enabled Sign in button is first in the document (React
      // attaches its handlers in the same commit), noted by the page itself: reading
      // performance.now() after Playwright's wait added its polling and round trips (~300 ms here).
      await page.addInitScript(() => {
        const mark = window as unknown as { signInReadyAt?: number };
        new MutationObserver((_changes, observer) => {
          const ready = [...document.querySelectorAll('button')].some((button) => !button.disabled && button.textContent?.trim() === 'Sign in');
          if (ready) {
            mark.signInReadyAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      await page.goto(`${base}/login`, { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      samples.push(await page.evaluate(() => (window as unknown as { signInReadyAt: number }).signInReadyAt));
      await page.close();
    }
    return Math.round(samples.sort((a, b) => a - b)[2]);
  } finally {
    await browser.close();
  }
}

/**
 * The three speed figures of the create path, the click redirect and the statement side by side,
 * each beside the hello-world of the same run (at 20 connections, and at 200 for the click
 * redirect): creates by twenty members with 20 lines each, the click redirect, the 2,000-entry
 * statement. A part that did not run is left out.
 */
function speedFigures(figures: Record<string, unknown>): Record<string, unknown> {
  type Load = { rps: number; p50_ms: number; p99_ms: number };
  const pick = (load: Load | undefined) => load && { rps: load.rps, p50_ms: load.p50_ms, p99_ms: load.p99_ms };
  const dataset = figures.dataset as { orders_create_20_lines?: Load } | undefined;
  const clicks = figures.clicks_200 as (Load & { hello_200: Load; vs_hello: number }) | undefined;
  const billing = figures.billing as { statement_2000_entries?: Load } | undefined;
  return {
    database: figures.database,
    hello_20: pick(figures.fastify_hello_20 as Load),
    orders_create_20_members_20_lines: pick(dataset?.orders_create_20_lines),
    clicks_200: clicks && { ...pick(clicks), hello_200: pick(clicks.hello_200), vs_hello: clicks.vs_hello },
    statement_2000_entries: pick(billing?.statement_2000_entries),
  };
}

type Figures = Record<string, unknown>;

/** Each list's p99 and requests/s at the larger size against the smaller (the dataset's lists, the debtors and the statement): 1.0 is a list whose cost follows the page, not the table. */
export function growthOf(small: Figures, large: Figures): Record<string, { p99_growth: number; rps_drop: number }> {
  const growth: Record<string, { p99_growth: number; rps_drop: number }> = {};
  for (const [name, figure] of Object.entries(large)) {
    const before = small[name] as { p99_ms?: number; rps?: number } | undefined;
    const after = figure as { p99_ms?: number; rps?: number };
    if (!/^(orders|clients|products|debtors|statement)_/.test(name) || name.startsWith('orders_create') || name.endsWith('_revalidated')) continue;
    if (!before?.p99_ms || !after?.p99_ms || !before.rps || !after.rps) continue;
    growth[name] = { p99_growth: Math.round((after.p99_ms / before.p99_ms) * 100) / 100, rps_drop: Math.round((before.rps / after.rps) * 100) / 100 };
  }
  return growth;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const figures: Record<string, unknown> = { database: process.env.DATABASE_URL ? 'postgres' : 'pglite' };
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'start') : null;
  const database: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : {};
  try {
    if (parts.has('start') || parts.has('login')) {
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
      figures.auth_core_20 = await measured({ url: `${base}/api/auth/core`, headers: auth, connections: 20 });
      if (parts.has('login')) figures.login_interactive_ms = await loginInteractiveMs();
      await stop(warm.child);
    }

    const hello = spawn(process.execPath, ['bench/hello.mjs'], { env: { ...process.env, PORT: String(HELLO_PORT) }, stdio: 'ignore' });
    await waitFor(`http://127.0.0.1:${HELLO_PORT}/`);
    const hello20 = await measured({ url: `http://127.0.0.1:${HELLO_PORT}/`, connections: 20 });
    figures.fastify_hello_20 = hello20;
    await stop(hello);

    // 10,000 recipients to a local SMTP server, no rate limit (goal: ≥ 200 mails/s).
    if (parts.has('mailing')) figures.mailing_10k = await mailingFigures(10_000);

    // BENCH_SIZES=100000,1000000: the dataset and billing parts at each size (the last is `dataset`
    // and `billing`), and each list's growth from the first size to the last beside its figures.
    const sizes = (process.env.BENCH_SIZES ?? '').split(',').filter(Boolean);
    const atEachSize = async (part: string, run: () => Promise<Figures>): Promise<Figures> => {
      let last: Figures = {};
      for (const size of sizes.length ? sizes : [undefined]) {
        if (size) process.env.BENCH_ORDERS = size;
        last = await run();
        if (size) figures[`${part}_${size}`] = last;
      }
      if (sizes.length > 1) figures[`${part}_growth`] = growthOf(figures[`${part}_${sizes[0]}`] as Figures, last);
      figures[part] = last;
      return last;
    };

    if (parts.has('dataset')) {
      const dataset = await atEachSize('dataset', runDatasetBench);
      const ordersRps = (dataset.orders_all_25 as { rps: number } | undefined)?.rps;
      if (ordersRps) figures.orders_all_vs_hello = Math.round((ordersRps / hello20.rps) * 1000) / 1000;
      const revalidatedRps = (dataset.orders_all_25_revalidated as { rps: number } | undefined)?.rps;
      if (revalidatedRps) figures.orders_all_revalidated_vs_hello = Math.round((revalidatedRps / hello20.rps) * 1000) / 1000;
    }

    // Signed webhook deliveries per second through the job worker to a local receiver.
    if (parts.has('webhooks')) figures.webhooks_2k = await webhookFigures(2_000);

    // The click redirect of campaign mail at 200 concurrent connections.
    if (parts.has('clicks')) figures.clicks_200 = await clickFigures();

    // 1,000 live-event streams on one instance; create-to-event at every one of them.
    if (parts.has('events')) figures.events = await eventsFigures();

    // Billing: invoices with their PDFs, a 2,000-entry statement, the debtors screen at 10,000 clients.
    if (parts.has('billing')) {
      const billing = await atEachSize('billing', runBillingBench);
      const debtorsRps = (billing.debtors_25 as { rps: number } | undefined)?.rps;
      if (debtorsRps) figures.debtors_vs_hello = Math.round((debtorsRps / hello20.rps) * 1000) / 1000;
    }

    // Sales reports per grouping and a rep's commission statement, on the billing rows.
    if (parts.has('reports')) figures.reports = await runReportsBench();

    // Goods out: confirmations reserving stock, deliveries with their invoices, the production plan.
    if (parts.has('goods')) figures.goods = await runGoodsBench();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
  figures.speed = speedFigures(figures);
  const goals: Goal[] = goalsOf(figures);
  const missed = goals.filter((g) => !g.met).map((g) => g.figure);
  console.log(JSON.stringify({ ...figures, goals, missed }, null, 2));
  if (missed.length) process.exitCode = 1;
}

await main();
