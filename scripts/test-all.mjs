// `npm test`: the whole suite — typecheck, unit, API (on the embedded database unless DATABASE_URL
// says otherwise) and the browser tests — with the parts side by side in two stages:
//   1. typecheck beside the unit tests;
//   2. the API tests beside the build and the browser tests.
// Why: measured over a full CI run, the sequential suite kept the machine's two cores busy 39 % of
// its wall time; the API and browser suites mostly wait (a PGlite opening, a page settling, a
// process being killed and restarted), so run together they fill each other's waits. Each part's
// lines are printed as they come, prefixed with its name; the run fails if any part fails, and a
// failed first stage stops it (the second would only repeat its errors).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const stages = [
  [
    ['typecheck', ['run', 'typecheck']],
    ['unit', ['run', 'test:unit']],
  ],
  [
    ['api', ['run', 'test:api']],
    ['e2e', ['run', 'test:e2e']],
  ],
];

function run(name, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
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

const results = [];
for (const stage of stages) {
  const done = await Promise.all(stage.map(([name, args]) => run(name, args)));
  results.push(...done);
  if (done.some((part) => !part.ok)) break;
}
const failed = results.filter((part) => !part.ok);
process.stdout.write(`\nnpm test: ${results.map((part) => `${part.name} ${part.ok ? 'passed' : 'FAILED'} (${part.seconds} s)`).join(', ')}\n`);
process.exit(failed.length > 0 || results.length < stages.flat().length ? 1 : 0);
