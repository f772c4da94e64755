/**
 * Precompresses the built web app: a `.br` (brotli, best quality) and a `.gz` beside every text
 * asset, so the server sends each browser the smallest file it accepts without compressing per
 * request (@fastify/static `preCompressed`). Run after every `vite build` (scripts/buildWeb.mjs: npm run build, npm start).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function compressDist(dir) {
  let count = 0;
  for (const path of files(dir)) {
    // Below about a kilobyte the headers outweigh the saving.
    if (!compressible.test(path) || statSync(path).size < 1024) continue;
    const bytes = readFileSync(path);
    writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    count++;
  }
  return count;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist';
  console.log(`precompressed ${compressDist(dir)} files in ${dir} (brotli and gzip)`);
}
