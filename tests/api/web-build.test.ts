import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWeb } from '../../scripts/buildWeb.mjs';

/**
 * The web app is built for production whoever builds it: `npm start` is often run with
 * NODE_ENV=development (demo accounts), which Vite would otherwise take for the build too and
 * ship React's development build (public pages 200 kB instead of 140, over the 150 kB budget of what a public page loads).
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

  // The installable app. Its worker precaches every script of this very build (so an
  // offline phone opens screens it never visited) and the page itself; index.html names the manifest.
  it('writes the service worker with this build’s files to precache, and the app manifest', () => {
    const worker = readFileSync(join(outDir, 'serviceWorker.js'), 'utf8');
    const scripts = readdirSync(join(outDir, 'assets')).filter((name) => name.endsWith('.js'));
    expect(scripts.filter((name) => !worker.includes(`assets/${name}`))).toEqual([]);
    expect(worker).toContain('index.html');
    // The worker is registered by the back office only; its build has no leftover of the dev server.
    expect(worker).not.toContain('__WB_MANIFEST');
    const app = JSON.parse(readFileSync(join(outDir, 'manifest.webmanifest'), 'utf8')) as { name: string; display: string; icons: { sizes: string }[] };
    expect(app).toMatchObject({ name: 'Members Portal', display: 'standalone' });
    expect(app.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });
});
