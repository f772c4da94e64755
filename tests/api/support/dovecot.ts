import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { programPath } from '../../../scripts/system-deps.mjs';
import { closedPort } from './smtp';

export interface TestImap {
  host: string;
  port: number;
  user: string;
  password: string;
  /** `imap://user:password@127.0.0.1:port/INBOX`, as BOUNCE_IMAP_URL takes it. */
  url: string;
  close(): Promise<void>;
}

/** Debian's, or DOVECOT_PATH's: the program the test preflight (scripts/system-deps.mjs) checked. */
const DOVECOT = programPath('dovecot');
/** The mail processes' user when the tests run as root (CI): dovecot refuses uid 0 for mail. */
const NOBODY = 65534;

/**
 * A real IMAP server for one test file: Debian's dovecot (package `dovecot-imapd`) in a temporary
 * folder with a configuration of its own (none of /etc/dovecot is read), on a free loopback port,
 * one passwd-file user, plaintext login (loopback only) and a Maildir in the folder. Every file
 * gets its own folder and port, so parallel runs (the suite on PGlite and on PostgreSQL at once)
 * do not meet. `close()` stops it and removes the folder.
 */
export async function startDovecot(): Promise<TestImap> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dovecot-'));
  const user = 'bounces';
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  const root = process.getuid?.() === 0;
  const me = userInfo();
  const mailUid = root ? NOBODY : me.uid;
  const mailGid = root ? NOBODY : me.gid;
  const home = join(dir, 'home', user);
  mkdirSync(home, { recursive: true });
  if (root) {
    // The mail process (nobody) must reach its home through folders root made.
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'home'), 0o755);
    chownSync(home, mailUid, mailGid);
  }
  writeFileSync(join(dir, 'users'), `${user}:{PLAIN}${password}:${mailUid}:${mailGid}::${home}\n`);
  let lastError: Error | null = null;
  // A free port is found by binding and releasing it; another process may take it in between, so a
  // start that cannot listen tries the next one.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await closedPort();
    writeFileSync(join(dir, 'dovecot.conf'), configOf(dir, port, root, me.username, mailUid));
    const child = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A test process that dies without its afterAll still takes its dovecot with it.
    const orphaned = () => child.kill('SIGTERM');
    process.once('exit', orphaned);
    child.once('exit', () => process.off('exit', orphaned));
    try {
      await greeted(port, child, () => stderr + logOf(dir));
      return {
        host: '127.0.0.1',
        port,
        user,
        password,
        url: `imap://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`,
        close: async () => {
          await stop(child);
          await rm(dir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      lastError = error as Error;
      await stop(child);
    }
  }
  await rm(dir, { recursive: true, force: true });
  throw lastError ?? new Error('dovecot did not start');
}

function configOf(dir: string, port: number, root: boolean, me: string, mailUid: number): string {
  return `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# A wrong password is answered at once (the default waits 2 s), so the test of one stays fast.
auth_failure_delay = 0
default_internal_user = ${root ? 'dovecot' : me}
default_internal_group = ${root ? 'dovecot' : execFileSync('id', ['-gn'], { encoding: 'utf8' }).trim()}
default_login_user = ${root ? 'dovenull' : me}
first_valid_uid = ${Math.min(mailUid, 500)}
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/users
}
userdb {
  driver = passwd-file
  args = ${dir}/users
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
`;
}

function logOf(dir: string): string {
  try {
    return readFileSync(join(dir, 'dovecot.log'), 'utf8');
  } catch {
    return '';
  }
}

/** Resolves once the server answers a connection with its IMAP greeting. */
async function greeted(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`dovecot exited (${child.exitCode}):\n${output()}`);
    const line = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.setTimeout(1000);
      socket.once('data', (data) => {
        resolve(data.toString());
        socket.destroy();
      });
      socket.once('error', () => resolve(''));
      socket.once('timeout', () => {
        resolve('');
        socket.destroy();
      });
    });
    if (line.startsWith('* OK')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`dovecot did not answer on port ${port}:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}
