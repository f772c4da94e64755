import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFileOf } from '../../server/db/folderLock';
import { TEST_JWT_SECRET } from './support/app';
import { stopInstance } from './support/mailing';
import { startMain } from './support/mainProcess';
import { processEnv } from './support/database';
import { programArgs } from './support/programs';

/**
 * A portal killed with kill -9 and started again before its parent has collected it (a
 * zombie: a supervisor that restarts at once, a container's first process that never reaps) must
 * start; the zombie holds nothing. A live holder is still refused (tests/api/backup-restore.test.ts).
 *
 * The zombie is real: `sh` starts the portal in the background and then becomes `sleep` (exec),
 * which never waits for its child, so the killed portal stays a zombie for as long as `sleep` runs.
 * Only the portal holds the pipe on fd 3: its end is the event that the portal has died. Linux
 * only (/proc shows the zombie; it is also how the lock tells one apart).
 */
const root = mkdtempSync(join(tmpdir(), 'portal-zombie-'));
const dataDir = join(root, 'data');
const running: ChildProcess[] = [];

afterAll(async () => {
  for (const child of running) await stopInstance(child, 'SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

/** The state letter of /proc/<pid>/stat (R, S, Z…), or 'gone'. */
function processState(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 1).trim()[0]!;
  } catch {
    return 'gone';
  }
}

const firstLine = (stream: Readable, matching: RegExp) =>
  new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: stream });
    lines.on('line', (line) => {
      if (matching.test(line)) {
        lines.close();
        resolve(line);
      }
    });
    stream.once('end', () => reject(new Error(`the stream ended before a line matching ${matching}`)));
  });

/** The portal under a parent that never reaps it; answers the portal's pid once it listens, and its fd-3 pipe. */
async function startUnderNonReapingParent() {
  const parent = spawn('sh', ['-c', '"$0" "$1" >&3 2>&3 3>&- & echo "$!"; exec sleep 300 3>&-', process.execPath, ...programArgs('main')], {
    env: { ...processEnv(), NODE_ENV: 'production', JWT_SECRET: TEST_JWT_SECRET, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit', 'pipe'],
  });
  running.push(parent);
  const portalOutput = parent.stdio[3] as Readable;
  const ended = new Promise<void>((resolve) => portalOutput.once('end', resolve));
  const [pidLine, listening] = await Promise.all([firstLine(parent.stdout!, /^\d+$/), firstLine(portalOutput, /Server listening at/)]);
  portalOutput.resume();
  return { parent, pid: Number(pidLine), listening, ended };
}

describe.runIf(process.platform === 'linux')('the embedded database after a kill -9 whose process is not yet reaped', () => {
  it('starts again at once on the same folder while the killed portal is a zombie', { timeout: 180_000 }, async () => {
    const killed = await startUnderNonReapingParent();
    expect(killed.listening).toMatch(/Server listening/);
    expect(Number(readFileSync(lockFileOf(dataDir), 'utf8'))).toBe(killed.pid);

    process.kill(killed.pid, 'SIGKILL');
    // The kernel closed its files (the pipe ended); it stays a zombie, its parent never collects it.
    await killed.ended;
    await expect.poll(() => processState(killed.pid), { timeout: 10_000, interval: 20 }).toBe('Z');

    const restarted = await startMain({ DATA_DIR: dataDir });
    running.push(restarted.child);
    expect(restarted.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // It took the folder while the killed one was still a zombie, and answers from the database.
    expect(processState(killed.pid)).toBe('Z');
    expect(Number(readFileSync(lockFileOf(dataDir), 'utf8'))).toBe(restarted.child.pid);
    const health = await fetch(`${restarted.base}/api/health`);
    expect(health.status).toBe(200);

    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });
});
