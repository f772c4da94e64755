// The programs outside npm that the suites and CI need, checked before anything runs: Chromium for
// the browser tests, dovecot for the bounce-mailbox API test, and PostgreSQL and PgBouncer only
// where asked for. A missing one is installed with apt-get when this process may (root, or
// `sudo -n`); otherwise it stops at once, naming each program, where it looked and the one command
// that installs them all. Why: without it a fresh machine failed minutes into `npm test` with
// `spawn /usr/sbin/dovecot ENOENT`. `npm test` (scripts/test-all.mjs), `.ci/run` and
// `.ci/pooler-and-replica` all use this one list.
//
//   node scripts/system-deps.mjs                       what `npm test` needs in this environment
//   node scripts/system-deps.mjs chromium dovecot …    those programs (the ids of PROGRAMS below)
//
// Only Node's own modules: `.ci/run` calls it before `npm ci`.
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = '/usr/bin/chromium';
const APT_GET = '/usr/bin/apt-get';

/**
 * Every program, by id: what it is for, where it is looked for (`anyOf`: one of these sets of
 * paths, every path of the set present) and the Debian packages that install it. An environment
 * variable that picks another program replaces the paths, and no package can bring that one.
 */
export function programs(env) {
  const pgVersion = env.PG_VERSION || '15';
  const postgresql = {
    name: `PostgreSQL ${pgVersion}`,
    anyOf: [['/usr/bin/pg_ctlcluster', `/usr/lib/postgresql/${pgVersion}/bin/postgres`]],
    packages: ['postgresql'],
  };
  return {
    // Either will do for the browser tests (playwright.config.ts prefers the headless shell);
    // both are installed, as CI has them.
    browser: picked(env, 'CHROMIUM_PATH', {
      name: "Chromium (its headless shell or the browser), for the browser tests",
      anyOf: [[HEADLESS_SHELL], [CHROMIUM]],
      packages: ['chromium', 'chromium-headless-shell'],
    }),
    chromium: { name: 'Chromium', anyOf: [[CHROMIUM]], packages: ['chromium'] },
    'chromium-headless-shell': { name: "Chromium's headless shell", anyOf: [[HEADLESS_SHELL]], packages: ['chromium-headless-shell'] },
    // The bounce-mailbox API test starts its own dovecot with its own configuration; the IMAP
    // server is a separate program the package dovecot-imapd brings.
    dovecot: picked(env, 'DOVECOT_PATH', {
      name: 'dovecot (an IMAP server), for the bounce-mailbox API test',
      anyOf: [['/usr/sbin/dovecot', '/usr/lib/dovecot/imap']],
      packages: ['dovecot-imapd'],
    }),
    postgresql,
    'postgresql-for-tests': { ...postgresql, name: `${postgresql.name}, for TEST_DATABASE_URL (nothing answers at its address)` },
    pgbouncer: { name: 'PgBouncer', anyOf: [['/usr/sbin/pgbouncer']], packages: ['pgbouncer'] },
  };
}

/**
 * The path a suite runs a program from: the first of its places that is all there (or the one its
 * variable chose), else the last looked at. playwright.config.ts and the dovecot test support ask
 * here, so the preflight checks exactly what the suites start.
 */
export function programPath(id, env = process.env, exists = existsSync) {
  const { anyOf } = programs(env)[id];
  return (anyOf.find((paths) => paths.every((path) => exists(path))) ?? anyOf.at(-1))[0];
}

function picked(env, variable, program) {
  const path = env[variable];
  return path ? { ...program, anyOf: [[path]], packages: [], variable, debian: program.packages } : { ...program, chooser: variable };
}

/**
 * What `npm test` needs: Chromium and dovecot always; a PostgreSQL server only when
 * TEST_DATABASE_URL names this machine and nothing answers there (a server in a container will do).
 */
export async function testNeeds(env, answers = portAnswers) {
  const needs = ['browser', 'dovecot'];
  const address = testDatabaseAddress(env);
  if (address?.local && !(await answers(address.host, address.port))) needs.push('postgresql-for-tests');
  return needs;
}

/** TEST_DATABASE_URL's host and port, and whether that is this machine; null without one. */
function testDatabaseAddress(env) {
  const url = env.TEST_DATABASE_URL ? safeUrl(env.TEST_DATABASE_URL) : null;
  if (!url) return null;
  const host = url.hostname === '[::1]' ? '::1' : url.hostname || '127.0.0.1';
  return { host, port: Number(url.port || 5432), local: ['localhost', '127.0.0.1', '::1'].includes(host) };
}

/**
 * With TEST_DATABASE_URL, whether something answers at its address: otherwise the second API run
 * would fail on every file minutes in. False after saying so.
 */
export async function testDatabaseAnswers(env, { answers = portAnswers, log = system.log } = {}) {
  const address = testDatabaseAddress(env);
  if (!address || (await answers(address.host, address.port))) return true;
  log(`npm test: nothing answers at ${address.host}:${address.port}, the server of TEST_DATABASE_URL.`);
  log(address.local ? 'Start PostgreSQL (on Debian: sudo pg_ctlcluster 15 main start), or unset TEST_DATABASE_URL.' : 'Check that server, or unset TEST_DATABASE_URL.');
  return false;
}

function safeUrl(text) {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** Whether something accepts a TCP connection at host:port within a second. */
function portAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The real machine: these are what the tests replace. */
export const system = {
  exists: existsSync,
  isRoot: () => process.getuid?.() === 0,
  // `-n`: never ask for a password; a sudo that would ask counts as no sudo.
  canSudo: () => spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 10_000 }).status === 0,
  run: (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1,
  log: (line) => process.stderr.write(`${line}\n`),
};

/**
 * Checks the programs `needs` names and installs the missing ones when it may. Resolves to true
 * when every one is there (at the end), false after saying what is missing and how to install it.
 */
export async function ensurePrograms(needs, { env = process.env, caller = 'npm test', ...machine } = {}) {
  const io = { ...system, ...machine };
  const all = programs(env);
  const wanted = needs.map((id) => {
    if (!all[id]) throw new Error(`system-deps: no program called "${id}" (${Object.keys(all).join(', ')})`);
    return all[id];
  });
  const missing = () => wanted.filter((program) => !program.anyOf.some((paths) => paths.every((path) => io.exists(path))));

  const before = missing();
  if (before.length === 0) return true;
  const packages = [...new Set(before.flatMap((program) => program.packages))];
  const installable = before.every((program) => program.packages.length > 0);
  const prefix = io.isRoot() ? [] : io.canSudo() ? ['sudo', '-n'] : null;
  let why;
  if (!installable) why = 'A program an environment variable chose is not there; no package brings it.';
  else if (prefix === null) why = 'Not root, and sudo -n may not run here, so it cannot install them itself.';
  else if (!io.exists(APT_GET)) why = `There is no ${APT_GET} (not Debian?), so it cannot install them itself.`;
  else {
    io.log(`${caller}: installing ${packages.join(' ')} (missing: ${before.map((program) => program.name).join('; ')})`);
    const apt = (...args) => {
      const [command, ...rest] = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', APT_GET, ...args];
      return io.run(command, rest);
    };
    // With recommends (fonts, mesa), as on the machine the browser tests were written on.
    const status = apt('update') === 0 ? apt('install', '-y', ...packages) : 1;
    if (missing().length === 0) return true;
    why = status === 0 ? 'apt-get installed the packages, but these are still missing.' : 'apt-get failed (its output is above).';
  }
  report(missing(), packages, why, caller, io.log);
  return false;
}

function report(stillMissing, packages, why, caller, log) {
  log(`${caller} needs programs this machine does not have:`);
  for (const program of stillMissing) {
    const where = program.anyOf.map((paths) => paths.join(' and ')).join(', or ');
    const choose = program.variable
      ? ` (chosen by ${program.variable}; unset, it is Debian's from ${program.debian.join(' and ')})`
      : `${program.chooser ? `; ${program.chooser} picks another` : ''} (Debian: ${program.packages.join(', ')})`;
    log(`  - ${program.name}: looked for ${where}${choose}`);
  }
  log(why);
  if (packages.length > 0) {
    log('Install them all with:');
    log(`  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`);
  }
}

// As a command: the programs named, or what `npm test` needs.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const callerAt = args.indexOf('--for');
  const caller = callerAt >= 0 ? args.splice(callerAt, 2)[1] : 'npm test';
  const needs = args.length > 0 ? args : await testNeeds(process.env);
  const ok = (await ensurePrograms(needs, { caller })) && (args.length > 0 || (await testDatabaseAnswers(process.env)));
  if (ok) process.stdout.write(`${caller}: found ${needs.join(', ')}\n`);
  process.exit(ok ? 0 : 1);
}
