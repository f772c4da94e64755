/**
 * Builds the web app to be served: Vite's production build, then the precompressed copies
 * (scripts/compress.mjs). Used by `npm run build` and by `npm start` when the build is stale.
 *
 * NODE_ENV is pinned to production for Vite: a NODE_ENV already in the environment wins over
 * Vite's own default for a build, and the portal is often started with NODE_ENV=development (the
 * demo accounts, the bench, the browser tests). Left to itself, that start would ship React's
 * development build: about 60 kB more to every public page and a slower back office.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressDist } from './compress.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export function buildWeb(outDir = resolve(root, 'dist')) {
  execFileSync(process.execPath, [resolve(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn', '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', WEB_OUT_DIR: outDir },
  });
  return compressDist(outDir);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? resolve(root, 'dist'));
  console.log(`built the web app in ${outDir}; precompressed ${buildWeb(outDir)} files (brotli and gzip)`);
}
