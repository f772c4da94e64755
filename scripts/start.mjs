/**
 * `npm start`: builds the SPA when the build is missing or older than its sources, then starts
 * the server (TypeScript run through tsx) — configuration, database, migrations, demo seed, listen.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'dist', 'index.html');
const sources = ['src', 'i18n', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

const sourceTime = Math.max(...sources.map((name) => newest(join(root, name))));
if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('Building the web app (first start, or its sources changed)…');
  execFileSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
