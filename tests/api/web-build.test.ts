import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWeb } from '../../scripts/buildWeb.mjs';

/**
 * The web app is built for production whoever builds it: `npm start` is often run with
 * NODE_ENV=development (demo accounts), which Vite would otherwise take for the build too and
 * ship React's development build (public pages 200 kB instead of 140, over DESIGN §7's budget).
 */
describe('the web app build', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'portal-web-build-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('ships React’s production build and precompressed files even when NODE_ENV says development', { timeout: 180_000 }, () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      expect(buildWeb(outDir)).toBeGreaterThan(0);
    } finally {
      if (before === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = before;
    }
    const scripts = readdirSync(join(outDir, 'assets')).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    // Strings only React's development build carries (its warnings and its owner-stack frames).
    const devOnly = scripts.filter((name) => /react-stack-top-frame|unique "key" prop/.test(readFileSync(join(outDir, 'assets', name), 'utf8')));
    expect(devOnly).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    expect(existsSync(join(outDir, `${entry.file}.br`))).toBe(true);
    expect(existsSync(join(outDir, `${entry.file}.gz`))).toBe(true);
  });
});
