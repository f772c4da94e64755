import { defineConfig } from '@playwright/test';
import { e2eMailDir } from './tests/e2e/support/mailDir';

const port = Number(process.env.E2E_PORT ?? 3210);

/** Browser tests: Debian's Chromium against `npm start` on a fresh data folder (DESIGN §6). */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // E2E_WORKERS: e.g. 1 to read one test's output. Four on two cores was no faster (11.7 min
  // against 13.2) and pushed two tests past their limits.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
      // scripts/e2e-server.mjs: run on a new database of this PostgreSQL server instead of the embedded one.
      ...(process.env.E2E_DATABASE_URL ? { E2E_DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
