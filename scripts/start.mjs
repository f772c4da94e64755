/**
 * `npm start`: builds what is missing or older than its sources — the web app (Vite) and the
 * server (one esbuild bundle, so a start does not pay for compiling TypeScript) — then starts
 * the server: configuration, database, migrations, demo seed, listen.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => join(root, ...parts);

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

function stale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < Math.max(...sources.map((name) => newest(at(name))));
}

const webSources = ['src', 'shared', 'i18n', 'public', 'index.html', 'vite.config.ts', 'scripts/publicMessagesPlugin.mjs', 'scripts/backOfficeChunk.mjs', 'scripts/buildWeb.mjs', 'package-lock.json'];
if (stale(at('dist', 'index.html'), webSources)) {
  console.log('Building the web app (first start, or its sources changed)…');
  const { buildWeb } = await import('./buildWeb.mjs');
  buildWeb(at('dist'));
}

const serverBundle = at('dist-server', 'main.mjs');
if (stale(serverBundle, ['server', 'shared', 'i18n', 'scripts/serverBundle.mjs', 'package-lock.json'])) {
  const esbuild = await import('esbuild');
  const { serverBundleOptions } = await import('./serverBundle.mjs');
  await esbuild.build({ ...serverBundleOptions, entryPoints: [at('server', 'main.ts')], outfile: serverBundle, sourcemap: true });
}

await import(pathToFileURL(serverBundle).href);
