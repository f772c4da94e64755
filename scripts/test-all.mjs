// `npm test`: the whole suite — typecheck, unit, API (on the embedded database unless DATABASE_URL
// says otherwise) and the browser tests — side by side:
//   - the API tests from the start (the longest part);
//   - the type check beside the unit tests, then the build and the browser tests once both passed
//     (a type error or a broken component would only repeat itself in the browser).
// Why: measured over a full CI run, the sequential suite kept the machine's two cores busy 39 % of
// its wall time; the API and browser suites mostly wait (a PGlite opening, a page settling, a
// process being killed and restarted), so run together they fill each other's waits (CI: 31 min
// 40 s sequential, 26 min 38 s with the API tests beside the browser tests). Each part's lines are
// printed as they come, prefixed with its name; the run fails if any part fails.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

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

const api = run('api', ['run', 'test:api']);
const first = await Promise.all([run('typecheck', ['run', 'typecheck']), run('unit', ['run', 'test:unit'])]);
const e2e = first.every((part) => part.ok) ? run('e2e', ['run', 'test:e2e']) : Promise.resolve({ name: 'e2e', ok: false, seconds: 0, skipped: true });
const results = [...first, await api, await e2e];
const failed = results.filter((part) => !part.ok);
process.stdout.write(
  `\nnpm test: ${results.map((part) => `${part.name} ${part.skipped ? 'not run' : part.ok ? 'passed' : 'FAILED'} (${part.seconds} s)`).join(', ')}\n`,
);
process.exit(failed.length > 0 ? 1 : 0);
