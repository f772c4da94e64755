import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { TEST_JWT_SECRET } from './app';
import { until } from './mailing';
import { processEnv } from './database';
import { programArgs } from './programs';

export interface MainProcess {
  child: ChildProcess;
  /** http://127.0.0.1:port, once it listens. */
  base: string;
  /** Its output, a line each (the log is JSON; a refused start prints its reason), as far as it has come. */
  lines: string[];
  exited: Promise<number | null>;
}

/**
 * The real start (server/main.ts, bundled as `npm start` runs it: programs.ts) in a process of its own, production mode (no demo data), on an
 * ephemeral port; resolves once it listens. For the tests of what happens around the process:
 * signals, shutdown, backups.
 */
export async function startMain(env: Record<string, string>): Promise<MainProcess> {
  const child = spawn(process.execPath, programArgs('main'), {
    env: { ...processEnv(), NODE_ENV: 'production', JWT_SECRET: TEST_JWT_SECRET, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running: MainProcess = { child, base: '', lines: [], exited };
  let gone = false;
  void exited.then(() => (gone = true));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    running.lines.push(line);
    const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
    if (listening) running.base = listening[1];
  });
  createInterface({ input: child.stderr! }).on('line', (line) => running.lines.push(line));
  await until(() => running.base !== '' || gone, 90_000, 'the server to listen');
  if (!running.base) throw new Error(`the server exited before listening: ${running.lines.join('\n')}`);
  return running;
}
