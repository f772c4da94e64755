import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web app never imports the server's code. What both sides run (the price rule, the
 * billing arithmetic) lives in shared/, which both import; an import of server/ from src/ (or from
 * anything src/ reaches: shared/, i18n/) would pull server modules into the browser's bundle.
 * Followed through every relative import, static or dynamic, as TypeScript reads them.
 */
const root = resolve(__dirname, '../..');
const sourceFile = /\.(ts|tsx|mts|js|mjs|cjs)$/;
const candidates = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '/index.ts', '/index.tsx', '/index.js'];

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : sourceFile.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const found = candidates.map((ending) => base + ending).find((path) => existsSync(path) && statSync(path).isFile());
  return found ?? null;
}

/** Every import chain from the given files that ends in server/, as "a -> b -> server/…". */
function serverImportsReachableFrom(startFiles: string[]): string[] {
  const serverFolder = join(root, 'server') + '/';
  const via = new Map<string, string | null>(startFiles.map((file) => [file, null]));
  const queue = [...startFiles];
  const found: string[] = [];
  const chainTo = (file: string): string[] => {
    const previous = via.get(file);
    return [...(previous ? chainTo(previous) : []), relative(root, file)];
  };
  while (queue.length > 0) {
    const file = queue.shift()!;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveImport(file, fileName);
      if (!target) continue;
      if (target.startsWith(serverFolder)) {
        found.push([...chainTo(file), relative(root, target)].join(' -> '));
        continue;
      }
      if (via.has(target) || target.includes('/node_modules/') || !sourceFile.test(target)) continue;
      via.set(target, file);
      queue.push(target);
    }
  }
  return found;
}

describe('the web app and the server', () => {
  it('nothing in src/, nor anything it imports, imports from server/', () => {
    const webFiles = filesUnder(join(root, 'src'));
    expect(webFiles.length).toBeGreaterThan(100);
    expect(serverImportsReachableFrom(webFiles)).toEqual([]);
  });

  it('the check sees such an import (the API tests import the server)', () => {
    expect(serverImportsReachableFrom([join(root, 'tests/api/folder-lock-zombie.test.ts')])).toContain(
      'tests/api/folder-lock-zombie.test.ts -> server/db/folderLock.ts',
    );
  });
});
