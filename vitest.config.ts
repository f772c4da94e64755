import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { publicMessages } from './scripts/publicMessagesPlugin.mjs';

/**
 * A worker per core (Vitest's default leaves one idle: on CI's two cores, one worker ran each suite
 * at half the machine), and each worker keeps the modules it imported from one test file to the next
 * (isolate: false) instead of importing the server, React and MUI again for every file. Each file
 * still opens its own database and renders into a cleaned-up document. Measured on two cores: the
 * unit suite 140 s → 58 s, the API suite on PGlite 356 s → 194 s (168 → 104 and 480 → 367 CPU-s).
 */
const sharedWorkers = { maxWorkers: availableParallelism(), isolate: false };

/** Two suites: `unit` (jsdom: providers, components, i18n) and `api` (node: the real server on a real database). */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react(), publicMessages()],
        // As in vite.config.ts: one copy of tiptap's core for ra-input-rich-text and its extensions.
        resolve: { dedupe: ['@tiptap/core', '@tiptap/pm', '@tiptap/react'] },
        test: {
          name: 'unit',
          // Run through Vite (not Node's loader) so the dedupe above applies to them.
          server: { deps: { inline: ['ra-input-rich-text', /@tiptap\//] } },
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          ...sharedWorkers,
          // The first test of a file that renders MUI pays for transforming it.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // One migrated and seeded database, copied for each file's app (tests/api/support/seededCopy.ts);
          // the programs some tests start as processes, bundled once (tests/api/support/programs.ts).
          globalSetup: ['tests/api/support/seededCopy.ts', 'tests/api/support/programsSetup.ts'],
          ...sharedWorkers,
          // Tests of several processes on one database server (two instances, as behind a load
          // balancer) need PostgreSQL: the embedded database is one process's.
          // Reading from a streaming replica needs one (DATABASE_READ_URL, `.ci/run`'s last API run).
          exclude: [
            ...(process.env.DATABASE_URL ? [] : ['tests/api/**/*.postgres.test.ts']),
            ...(process.env.DATABASE_READ_URL ? [] : ['tests/api/**/*.replica.test.ts']),
          ],
          // Each file opens its own database; password hashing (scrypt, 128 MiB) is deliberately slow.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
