// `npm test`: the whole suite — typecheck, unit, API (on the embedded database unless DATABASE_URL
// says otherwise) and the browser tests — after a check of the programs outside npm it needs
// (scripts/system-deps.mjs: installed when it may, else it stops at once saying how), with the
// parts side by side in two stages:
//   1. typecheck beside the unit tests;
//   2. the API tests (then, with TEST_DATABASE_URL, again on that PostgreSQL server) beside the
//      build and the browser tests.
// Why: run one after another, the suites kept CI's two cores busy 39 % of its wall time (a PGlite
// opening, a page settling, a process being killed and restarted); side by side they fill each
// other's waits. Each part's lines are printed as they come, prefixed with its name; the run fails
// if any part fails, and a failed first stage stops it (the second would only repeat its errors).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ensurePrograms, testDatabaseAnswers, testNeeds } from './system-deps.mjs';

// Before anything: a missing Chromium or dovecot, or a TEST_DATABASE_URL nothing answers at,
// otherwise failed the run minutes in.
if (!(await ensurePrograms(await testNeeds(process.env))) || !(await testDatabaseAnswers(process.env))) process.exit(1);

// TEST_DATABASE_URL (postgres://…, a server where the suite may create and drop databases): the
// API suite runs a second time there, after the embedded run, in the minutes the browser tests
// outlast it (.ci/run; on two cores the embedded run ended 5 minutes before the browser tests).
// TEST_DATABASE_DIRECT_URL and TEST_DATABASE_READ_URL, when TEST_DATABASE_URL is a pooler, become
// that run's DATABASE_DIRECT_URL (migrations, their lock, LISTEN) and DATABASE_READ_URL (a replica).
const postgres = process.env.TEST_DATABASE_URL;
const postgresEnv = {
  DATABASE_URL: postgres,
  ...(process.env.TEST_DATABASE_DIRECT_URL ? { DATABASE_DIRECT_URL: process.env.TEST_DATABASE_DIRECT_URL } : {}),
  ...(process.env.TEST_DATABASE_READ_URL ? { DATABASE_READ_URL: process.env.TEST_DATABASE_READ_URL } : {}),
};

/** Stages one after another; in a stage, lanes side by side; in a lane, parts one after another. */
const stages = [
  [[['typecheck', ['run', 'typecheck']]], [['unit', ['run', 'test:unit']]]],
  [
    [
      ['api', ['run', 'test:api']],
      ...(postgres ? [['api-postgres', ['run', 'test:api'], postgresEnv]] : []),
      // Alone, after the rest: they pause the replica, which would hold up other files' commits (vitest.config.ts).
      ...(postgres && postgresEnv.DATABASE_READ_URL ? [['api-replica', ['run', 'test:api:replica'], postgresEnv]] : []),
    ],
    [['e2e', ['run', 'test:e2e']]],
  ],
];

function run(name, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${line}\n`));
    }
    child.on('exit', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const ok = code === 0;
      process.stdout.write(`[${name}] ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      resolve({ name, ok, seconds });
    });
  });
}

/** A lane's parts one after another; a failed part ends the lane. */
async function lane(parts) {
  const done = [];
  for (const [name, args, env] of parts) {
    done.push(await run(name, args, env));
    if (!done.at(-1).ok) break;
  }
  return done;
}

const results = [];
for (const stage of stages) {
  const done = (await Promise.all(stage.map(lane))).flat();
  results.push(...done);
  if (done.some((part) => !part.ok)) break;
}
const failed = results.filter((part) => !part.ok);
process.stdout.write(`\nnpm test: ${results.map((part) => `${part.name} ${part.ok ? 'passed' : 'FAILED'} (${part.seconds} s)`).join(', ')}\n`);
process.exit(failed.length > 0 || results.length < stages.flat(2).length ? 1 : 0);
