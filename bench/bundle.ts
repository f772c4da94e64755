/**
 * Gzipped JavaScript each page needs, from the build's chunk graph (dist/.vite/manifest.json):
 * the entry, the page's lazy chunk, and everything those import statically. Prints JSON.
 * Budget (DESIGN §7): every public page ≤ 170 KB.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export const PUBLIC_PAGE_BUDGET_KB = 170;

export function bundleFigures(distDir = 'dist') {
  const manifest: Record<string, Chunk> = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const gz = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(distDir, file))).length);
    return gz.get(file)!;
  };
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const next of manifest[key]?.imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
  const kb = (keys: Set<string>) => Math.round(([...keys].reduce((sum, key) => sum + sizeOf(manifest[key].file), 0) / 1024) * 10) / 10;
  const pages: Record<string, number> = {};
  for (const page of ['Login', 'ForgotPassword', 'ResetPassword', 'NotFound', 'TrackOrder', 'Register', 'CompleteMembership', 'Unsubscribe']) {
    const key = Object.keys(manifest).find((k) => k.endsWith(`pages/public/${page}.tsx`));
    if (key) pages[page] = kb(closure([entry, key]));
  }
  const admin = Object.keys(manifest).find((k) => k.endsWith('src/AdminApp.tsx'));
  return {
    publicPagesGzipKB: pages,
    publicPageBudgetKB: PUBLIC_PAGE_BUDGET_KB,
    publicPagesWithinBudget: Object.values(pages).every((size) => size <= PUBLIC_PAGE_BUDGET_KB),
    backOfficeGzipKB: admin ? kb(closure([entry, admin])) : null,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(bundleFigures(), null, 2));
}
