import { defineConfig } from '@playwright/test';
import { programPath } from './scripts/system-deps.mjs';
import { e2eMailDir } from './tests/e2e/support/mailDir';
import { E2E_BOUNCE_SECRET } from './tests/e2e/support/bounceSecret';
import { E2E_COURIER_SECRET } from './tests/e2e/support/courierSecret';
import { e2eWebhookReceiverPort } from './tests/e2e/support/webhookReceiverPort';

const port = Number(process.env.E2E_PORT ?? 3210);

/**
 * Debian's Chromium. Its old headless shell (Debian package chromium-headless-shell, the same
 * build and engine) when installed: it is what Playwright itself runs headless tests on, and on
 * two cores it ran the English accessibility audits on 220 CPU-s where the full browser in its
 * new headless mode took 280 (both without a trace). With no trace as well, the whole browser
 * suite went from 1,647 CPU-s and 889 s to 798 CPU-s and 547 s. CHROMIUM_PATH chooses another.
 * The choice is the test preflight's (scripts/system-deps.mjs), which installs what it looks for.
 */
const chromium = programPath('browser');

/** Browser tests: Debian's Chromium against `npm start` on a fresh data folder. */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  // Twenty seconds for a screen to show what a test waits for. On CI the browser tests share two
  // cores with both API suites (load about 7), and a first load of the app (its scripts parsed, the
  // session and the screen's data fetched) there took over ten seconds: one CI run lost four
  // tests that way, each waiting on a screen's first render, none on a wrong result. Waits are on
  // what the screen shows, so a fast machine passes as soon as it is there.
  expect: { timeout: 20_000 },
  fullyParallel: true,
  // E2E_WORKERS: e.g. 1 to read one test's output. Four on two cores was no faster (11.7 min
  // against 13.2) and pushed two tests past their limits.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // No trace by default: recording one (a screencast and DOM snapshots of every step) cost 17 %
    // more CPU on the accessibility audits, and CI prints only the text of a failure. To keep
    // one of a failing test: `npx playwright test --trace retain-on-failure`.
    trace: 'off',
    // The installable app's service worker (members, reps and production) precaches the whole build
    // when it installs: in every test that signs one in, that is a few megabytes fetched and stored
    // for nothing. Its own spec (offline.spec.ts) allows it; the others run as a first visit does.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      E2E_MAIL_DIR: e2eMailDir(port),
      // tests/e2e/webhooks.spec.ts receives the portal's webhooks on this machine.
      WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${e2eWebhookReceiverPort(port)}`,
      // tests/e2e/bounces.spec.ts signs bounce webhooks with it.
      BOUNCE_WEBHOOK_SECRET: E2E_BOUNCE_SECRET,
      // tests/e2e/courier.spec.ts signs courier tracking events with it.
      COURIER_WEBHOOK_SECRET: E2E_COURIER_SECRET,
      // scripts/e2e-server.mjs: run on a new database of this PostgreSQL server instead of the embedded one.
      ...(process.env.E2E_DATABASE_URL ? { E2E_DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
