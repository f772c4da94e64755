import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ensurePrograms, programPath, testDatabaseAnswers, testNeeds } from '../../scripts/system-deps.mjs';

const BROWSER_PATHS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
const DOVECOT_PATHS = ['/usr/sbin/dovecot', '/usr/lib/dovecot/imap'];
const APT_GET = '/usr/bin/apt-get';

/**
 * A machine with the files `present`, root or not, sudo or not; `apt-get install` "installs" what
 * `installs` maps its package names to, and every command run is recorded.
 */
function machine(present: string[], { root = false, sudo = false, installs = {} as Record<string, string[]>, aptFails = false } = {}) {
  const files = new Set(present);
  const runs: string[] = [];
  const lines: string[] = [];
  return {
    runs,
    lines,
    options: {
      env: {},
      exists: (path: string) => files.has(path),
      isRoot: () => root,
      canSudo: () => sudo,
      run: (command: string, args: string[]) => {
        runs.push([command, ...args].join(' '));
        if (aptFails) return 100;
        const at = args.indexOf('install');
        if (at >= 0) for (const name of args.slice(at + 2)) for (const path of installs[name] ?? []) files.add(path);
        return 0;
      },
      log: (line: string) => lines.push(line),
    },
  };
}

const DEBIAN_INSTALLS = {
  chromium: ['/usr/bin/chromium'],
  'chromium-headless-shell': ['/usr/bin/chromium-headless-shell'],
  'dovecot-imapd': DOVECOT_PATHS,
  pgbouncer: ['/usr/sbin/pgbouncer'],
};

describe('the test preflight (scripts/system-deps.mjs)', () => {
  it('passes without running anything when the programs are there (either Chromium will do)', async () => {
    for (const browser of BROWSER_PATHS) {
      const m = machine([browser, ...DOVECOT_PATHS]);
      expect(await ensurePrograms(['browser', 'dovecot'], m.options)).toBe(true);
      expect(m.runs).toEqual([]);
      expect(m.lines).toEqual([]);
    }
  });

  it('without root or sudo names each missing program, where it looked and one command for all, and runs nothing', async () => {
    const m = machine([APT_GET, '/usr/sbin/dovecot']);
    expect(await ensurePrograms(['browser', 'dovecot'], m.options)).toBe(false);
    expect(m.runs).toEqual([]);
    const text = m.lines.join('\n');
    expect(text).toContain('npm test needs programs this machine does not have:');
    expect(text).toMatch(/Chromium.*looked for \/usr\/bin\/chromium-headless-shell, or \/usr\/bin\/chromium; CHROMIUM_PATH picks another \(Debian: chromium, chromium-headless-shell\)/);
    expect(text).toMatch(/dovecot.*looked for \/usr\/sbin\/dovecot and \/usr\/lib\/dovecot\/imap; DOVECOT_PATH picks another \(Debian: dovecot-imapd\)/);
    expect(text).toContain('Not root, and sudo -n may not run here');
    expect(m.lines.filter((line) => line.includes('apt-get install'))).toEqual([
      '  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell dovecot-imapd',
    ]);
  });

  it('as root installs every missing package with one apt-get install after an update, then checks again', async () => {
    const m = machine([APT_GET], { root: true, installs: DEBIAN_INSTALLS });
    expect(await ensurePrograms(['browser', 'dovecot', 'pgbouncer'], m.options)).toBe(true);
    expect(m.runs).toEqual([
      `env DEBIAN_FRONTEND=noninteractive ${APT_GET} update`,
      `env DEBIAN_FRONTEND=noninteractive ${APT_GET} install -y chromium chromium-headless-shell dovecot-imapd pgbouncer`,
    ]);
  });

  it('with sudo -n allowed installs through it', async () => {
    const m = machine([APT_GET, ...BROWSER_PATHS], { sudo: true, installs: DEBIAN_INSTALLS });
    expect(await ensurePrograms(['browser', 'dovecot'], m.options)).toBe(true);
    expect(m.runs).toEqual([
      `sudo -n env DEBIAN_FRONTEND=noninteractive ${APT_GET} update`,
      `sudo -n env DEBIAN_FRONTEND=noninteractive ${APT_GET} install -y dovecot-imapd`,
    ]);
  });

  it('stops with the install command when apt-get fails, and when the package did not bring the program', async () => {
    const failing = machine([APT_GET], { root: true, aptFails: true });
    expect(await ensurePrograms(['dovecot'], failing.options)).toBe(false);
    expect(failing.runs).toHaveLength(1);
    expect(failing.lines.join('\n')).toContain('apt-get failed');
    expect(failing.lines.at(-1)).toBe('  sudo apt-get update && sudo apt-get install -y dovecot-imapd');

    const halfInstalled = machine([APT_GET], { root: true, installs: { 'dovecot-imapd': ['/usr/sbin/dovecot'] } });
    expect(await ensurePrograms(['dovecot'], halfInstalled.options)).toBe(false);
    expect(halfInstalled.lines.join('\n')).toMatch(/still missing[\s\S]*sudo apt-get install -y dovecot-imapd/);
  });

  it('without apt-get says so and still gives the Debian command', async () => {
    const m = machine([], { root: true });
    expect(await ensurePrograms(['pgbouncer'], m.options)).toBe(false);
    expect(m.runs).toEqual([]);
    expect(m.lines.join('\n')).toContain('There is no /usr/bin/apt-get');
    expect(m.lines.at(-1)).toContain('sudo apt-get install -y pgbouncer');
  });

  it('CHROMIUM_PATH and DOVECOT_PATH pick other programs, which no package can bring', async () => {
    const present = machine(['/opt/chrome', '/opt/dovecot'], { root: true });
    const env = { CHROMIUM_PATH: '/opt/chrome', DOVECOT_PATH: '/opt/dovecot' };
    expect(await ensurePrograms(['browser', 'dovecot'], { ...present.options, env })).toBe(true);

    const absent = machine([APT_GET, ...BROWSER_PATHS, ...DOVECOT_PATHS], { root: true });
    expect(await ensurePrograms(['browser', 'dovecot'], { ...absent.options, env })).toBe(false);
    expect(absent.runs).toEqual([]);
    const text = absent.lines.join('\n');
    expect(text).toContain("looked for /opt/chrome (chosen by CHROMIUM_PATH; unset, it is Debian's from chromium and chromium-headless-shell)");
    expect(text).toContain("looked for /opt/dovecot (chosen by DOVECOT_PATH; unset, it is Debian's from dovecot-imapd)");
    expect(text).not.toContain('apt-get install');
  });

  it('asks for PostgreSQL with PG_VERSION and pg_ctlcluster', async () => {
    const m = machine([APT_GET, '/usr/bin/pg_ctlcluster', '/usr/lib/postgresql/15/bin/postgres']);
    expect(await ensurePrograms(['postgresql'], m.options)).toBe(true);
    expect(await ensurePrograms(['postgresql'], { ...m.options, env: { PG_VERSION: '16' } })).toBe(false);
    expect(m.lines.join('\n')).toContain('/usr/lib/postgresql/16/bin/postgres');
  });

  it('gives the suites the path it checks: the headless shell before the browser, and what a variable chose', () => {
    const on = (present: string[]) => (path: string) => present.includes(path);
    expect(programPath('browser', {}, on(BROWSER_PATHS))).toBe('/usr/bin/chromium-headless-shell');
    expect(programPath('browser', {}, on(['/usr/bin/chromium']))).toBe('/usr/bin/chromium');
    expect(programPath('browser', { CHROMIUM_PATH: '/opt/chrome' }, on(BROWSER_PATHS))).toBe('/opt/chrome');
    expect(programPath('dovecot', {}, on(DOVECOT_PATHS))).toBe('/usr/sbin/dovecot');
    expect(programPath('dovecot', { DOVECOT_PATH: '/opt/dovecot' }, on([]))).toBe('/opt/dovecot');
  });

  it('refuses an unknown program name', async () => {
    await expect(ensurePrograms(['chrome'], machine([]).options)).rejects.toThrow(/no program called "chrome"/);
  });

  describe('what npm test needs', () => {
    const asked: string[] = [];
    const answering = (answer: boolean) => async (host: string, port: number) => {
      asked.push(`${host}:${port}`);
      return answer;
    };

    it('Chromium and dovecot; PostgreSQL only for a TEST_DATABASE_URL on this machine where nothing answers', async () => {
      expect(await testNeeds({}, answering(false))).toEqual(['browser', 'dovecot']);
      expect(await testNeeds({ TEST_DATABASE_URL: 'postgres://u:p@db.example.com:5432/t' }, answering(false))).toEqual(['browser', 'dovecot']);
      expect(await testNeeds({ TEST_DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/t' }, answering(true))).toEqual(['browser', 'dovecot']);
      expect(await testNeeds({ TEST_DATABASE_URL: 'postgres://u:p@localhost/t' }, answering(false))).toEqual(['browser', 'dovecot', 'postgresql-for-tests']);
      expect(asked).toEqual(['127.0.0.1:5432', 'localhost:5432']);
    });

    it('stops at once when nothing answers at TEST_DATABASE_URL, wherever it is', async () => {
      const lines: string[] = [];
      const log = (line: string) => lines.push(line);
      expect(await testDatabaseAnswers({}, { answers: answering(false), log })).toBe(true);
      expect(await testDatabaseAnswers({ TEST_DATABASE_URL: 'postgres://u:p@127.0.0.1:5544/t' }, { answers: answering(true), log })).toBe(true);
      expect(lines).toEqual([]);
      expect(await testDatabaseAnswers({ TEST_DATABASE_URL: 'postgres://u:p@localhost:5544/t' }, { answers: answering(false), log })).toBe(false);
      expect(lines.join('\n')).toMatch(/nothing answers at localhost:5544[\s\S]*pg_ctlcluster/);
      expect(await testDatabaseAnswers({ TEST_DATABASE_URL: 'postgres://u:p@db.example.com/t' }, { answers: answering(false), log })).toBe(false);
      expect(lines.at(-2)).toContain('nothing answers at db.example.com:5432');
    });

    it('asks the address itself by default', async () => {
      const server = createServer().listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as { port: number };
      try {
        expect(await testNeeds({ TEST_DATABASE_URL: `postgres://u:p@127.0.0.1:${port}/t` })).toEqual(['browser', 'dovecot']);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
      expect(await testNeeds({ TEST_DATABASE_URL: `postgres://u:p@127.0.0.1:${port}/t` })).toContain('postgresql-for-tests');
    });
  });
});
