/** Starting and stopping the portal for a bench run, on loopback. */
import { spawn, type ChildProcess } from 'node:child_process';

export const PORT = 3400;
export const base = `http://127.0.0.1:${PORT}`;

export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function startPortal(dataDir: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'development', ...env },
    stdio: 'ignore',
  });
  await waitFor(`${base}/api/health`);
  return { child, ms: Math.round(performance.now() - started) };
}

export async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

