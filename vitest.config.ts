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

/** The API suite's settings: the real server on a real database, in node. */
const api = {
  environment: 'node',
  include: ['tests/api/**/*.test.ts'],
  // One migrated and seeded database, copied for each file's app (tests/api/support/seededCopy.ts);
  // the programs some tests start as processes, bundled once (tests/api/support/programs.ts).
  globalSetup: ['tests/api/support/seededCopy.ts', 'tests/api/support/programsSetup.ts'],
  ...sharedWorkers,
  // Each file opens its own database; password hashing (scrypt, 128 MiB) is deliberately slow.
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * The streaming-replica tests (PostgreSQL with DATABASE_READ_URL only) pause the replica's replay.
 * With the server's commits waiting for the replica (remote_apply, .ci/pooler-and-replica), a
 * commit of another file's database that sent a NOTIFY then waits with PostgreSQL's one
 * server-wide NOTIFY lock held, and every other NOTIFY-ing commit waits behind it, the replica
 * test's own included, so the replay is never resumed: a CI run hung that way (the replica test
 * and a suite starting three instances both timed out). So they run in a project of their own,
 * in a Vitest run of their own after the rest (scripts/test-all.mjs), where nothing else commits.
 */
const REPLICA_TESTS = 'tests/api/**/*.replica.test.ts';

/**
 * Three suites: `unit` (jsdom: providers, components, i18n), `api` (node: the real server on a real
 * database) and `api-replica` (the same, on a streaming replica).
 */
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
      // Tests of several processes on one database server (two instances, as behind a load
      // balancer) need PostgreSQL: the embedded database is one process's.
      { test: { ...api, name: 'api', exclude: [...(process.env.DATABASE_URL ? [] : ['tests/api/**/*.postgres.test.ts']), REPLICA_TESTS] } },
      // Reading from a streaming replica needs one (DATABASE_READ_URL, `.ci/run`); run alone
      // (`npm run test:api:replica`), after the rest: see REPLICA_TESTS.
      { test: { ...api, name: 'api-replica', include: process.env.DATABASE_READ_URL ? [REPLICA_TESTS] : [] } },
    ],
  },
});
