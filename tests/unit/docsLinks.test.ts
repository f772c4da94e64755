import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The pages a newcomer reads: the README, every page in docs/ and the tests' README. */
const pages = ['README.md', 'tests/README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(path: string): Set<string> {
  const text = read(path).replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => anchorOf(match[1])));
}

/** Every relative link of a Markdown page, outside code blocks: `[text](target)`. */
function linksOf(path: string): string[] {
  const text = read(path).replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]).filter((target) => !/^[a-z]+:/i.test(target));
}

describe('the README and docs', () => {
  it('the README stays short', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(160);
  });

  it.each(pages)('%s links only to files (and headings) that exist', (page) => {
    const broken: string[] = [];
    for (const link of linksOf(page)) {
      const [file, anchor] = link.split('#');
      const target = file ? relative(root, resolve(root, dirname(page), file)) : page;
      if (!existsSync(join(root, target))) {
        broken.push(`${link} (no ${target})`);
        continue;
      }
      if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor)) broken.push(`${link} (no heading #${anchor} in ${target})`);
    }
    expect(broken).toEqual([]);
  });

  it('every folder the README maps exists', () => {
    const map = read('README.md').split('## Where things are')[1].split('\n## ')[0];
    const missing: string[] = [];
    for (const row of map.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| feature'))) {
      const [, , web, server] = row.split('|').map((cell) => cell.trim());
      for (const [base, cell] of [['src', web], ['server', server]] as const) {
        // After the first path of a cell, the next ones may leave out `resources/` or `modules/`.
        for (const [, path] of cell.matchAll(/`([^`]+)`/g)) {
          const candidates = [join(base, path), join(base, 'resources', path), join(base, 'modules', path)];
          if (!candidates.some((candidate) => existsSync(join(root, candidate)))) missing.push(`${base}: ${path}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("the README's table names every environment variable the server reads", () => {
    const files = (dir: string): string[] =>
      readdirSync(join(root, dir)).flatMap((name) => (statSync(join(root, dir, name)).isDirectory() ? files(join(dir, name)) : name.endsWith('.ts') ? [join(dir, name)] : []));
    const used = new Set(files('server').flatMap((file) => [...read(file).matchAll(/env(?:\.|, '|\[')([A-Z][A-Z0-9_]+)/g)].map((match) => match[1])));
    const table = read('README.md').split('## Configure it')[1].split('\n## ')[0];
    // The first admin's password is read by `npm run user:create`, shown under the table.
    const missing = [...used].filter((name) => !table.includes(name === 'PORTAL_PASSWORD' ? `PORTAL_PASSWORD=` : `| \`${name}\` |`));
    expect(used.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it.each(pages)('%s runs only npm scripts that exist', (page) => {
    const scripts = Object.keys(JSON.parse(read('package.json')).scripts as Record<string, string>);
    const named = [...read(page).matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it.each(pages)('%s names only files of the repository that exist', (page) => {
    const top = /^(?:src|server|shared|i18n|tests|scripts|bench|docs|\.ci)\//;
    const named = [...read(page).matchAll(/`([^`\s]+)`/g)].map((match) => match[1]).filter((path) => top.test(path) && !/[*<{]/.test(path));
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it.each(pages)('%s cites no document outside the repository', (page) => {
    expect(read(page)).not.toMatch(/DESIGN §|SPEC §|\bissue \d+/i);
  });
});
