/**
 * The JavaScript each public page makes a browser download, as it receives it (DESIGN §7): the
 * entry, the page's lazy chunk, everything those import statically, and the messages of the
 * page's language — each file at the size the server sends it (the `.br` the build wrote, see
 * scripts/compress.mjs; brotli is what every current browser asks for). Prints JSON.
 * Budget: every public page ≤ 150 kB in every language.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { locales } from '../i18n/locales';

interface Chunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export const PUBLIC_PAGE_BUDGET_KB = 150;
const publicPages = ['Login', 'ForgotPassword', 'ResetPassword', 'NotFound', 'TrackOrder', 'Register', 'CompleteMembership', 'Unsubscribe'];

export function bundleFigures(distDir = 'dist') {
  const manifest: Record<string, Chunk> = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const sizes = new Map<string, { br: number; gzip: number }>();
  const sizeOf = (file: string) => {
    if (!sizes.has(file)) {
      const path = join(distDir, file);
      const bytes = readFileSync(path);
      // What the server sends: the precompressed file when the build wrote one (small files go as they are).
      const br = existsSync(`${path}.br`) ? readFileSync(`${path}.br`).length : bytes.length < 1024 ? bytes.length : brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      sizes.set(file, { br, gzip: gzipSync(bytes).length });
    }
    return sizes.get(file)!;
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
  const kb = (keys: Set<string>, kind: 'br' | 'gzip') => Math.round(([...keys].reduce((sum, key) => sum + sizeOf(manifest[key].file)[kind], 0) / 1024) * 10) / 10;
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
  // A language's messages: for the back office the whole file, the chunk `i18n/<lang>.ts` or a
  // shared chunk named after it; for a public page its share, cut at build time
  // (scripts/publicMessagesPlugin.ts).
  const messagesOf = (locale: string) => Object.keys(manifest).find((key) => key === `i18n/${locale}.ts` || (manifest[key].name === locale && !manifest[key].src))!;
  const publicMessagesOf = (locale: string) => Object.keys(manifest).find((key) => key === `virtual:public-messages/${locale}`)!;
  const pages: Record<string, Record<string, number>> = {};
  for (const page of publicPages) {
    const key = Object.keys(manifest).find((k) => k.endsWith(`pages/public/${page}.tsx`));
    if (!key) continue;
    pages[page] = Object.fromEntries(locales.map((locale) => [locale, kb(closure([entry, key, publicMessagesOf(locale)]), 'br')]));
  }
  const largest = Math.max(...Object.values(pages).flatMap((byLocale) => Object.values(byLocale)));
  const admin = Object.keys(manifest).find((k) => k.endsWith('src/AdminApp.tsx'));
  return {
    publicPagesBrotliKB: pages,
    publicPageLargestKB: largest,
    publicPageBudgetKB: PUBLIC_PAGE_BUDGET_KB,
    publicPagesWithinBudget: largest <= PUBLIC_PAGE_BUDGET_KB,
    backOfficeGzipKB: admin ? kb(closure([entry, admin, messagesOf('en')]), 'gzip') : null,
    backOfficeBrotliKB: admin ? kb(closure([entry, admin, messagesOf('en')]), 'br') : null,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = bundleFigures();
  console.log(JSON.stringify(figures, null, 2));
  if (!figures.publicPagesWithinBudget) process.exitCode = 1;
}
