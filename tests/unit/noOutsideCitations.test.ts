import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');

/**
 * Citations a newcomer with only the repository cannot open: the design and spec documents
 * ("DESIGN §3", "SPEC §2", "SPEC’s group details"), numbered issues ("issue 24", "Issue 13:",
 * "issues #7"), and the contracts and notes kept outside the repository (CONTRACT-13,
 * BILLING-ZA.md, BANKS-ZA.md, NOTES-STACK.md, STYLE.md). A comment or a test title says the thing
 * itself, or points at a page in docs/ or tests/README.md. "issues 1..n" (invoices issued) is
 * not a citation.
 */
export const outsideCitation =
  /\bDESIGN\b|\bSPEC\b|\b[Ii]ssues? #?\d+\b(?!\.\.)|CONTRACT-\d+|BILLING-ZA|BANKS-ZA|NOTES-STACK|STYLE\.md/;

/** Walked: the code, its tests and the repository's own documents. */
const folders = ['server', 'src', 'shared', 'i18n', 'scripts', '.ci', 'tests', 'docs', 'bench'];
const rootFiles = ['README.md', 'SECURITY.md', 'vite.config.ts', 'vitest.config.ts', 'playwright.config.ts', 'drizzle.config.ts'];

/** Installed packages and build output are not the project's text. */
const skippedNames = new Set(['node_modules', 'dist', 'dist-server']);

/**
 * Lines that name these citations on purpose: this file's own pattern and examples, and the
 * docs link test's check that no docs page cites them.
 */
const allowed = (path: string, line: string): boolean =>
  path === 'tests/unit/noOutsideCitations.test.ts' ||
  (path === 'tests/unit/docsLinks.test.ts' && line.includes('.not.toMatch(/DESIGN §|SPEC §|'));

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    if (skippedNames.has(name)) return [];
    const path = `${folder}/${name}`;
    return statSync(join(root, path)).isDirectory() ? filesUnder(path) : [path];
  });
}

function citationsIn(path: string): string[] {
  const text = readFileSync(join(root, path), 'utf8');
  if (text.includes('\0')) return []; // images, PDFs, fonts and other binaries
  return text
    .split('\n')
    .flatMap((line, index) =>
      outsideCitation.test(line) && !allowed(path, line) ? [`${path}:${index + 1}: ${line.trim()}`] : [],
    );
}

describe('nothing cites a document or an issue outside the repository', () => {
  it('recognises every form of citation it guards against, and not ordinary words', () => {
    const citations = [
      '(DESIGN §7)', 'SPEC §2: the route', 'the wire user of DESIGN §4', 'answers SPEC’s group details',
      '-1 (SPEC: no branch selected)', 'see DESIGN.md', 'SPEC.md', 'issue 24', 'Issue 13: the demo',
      '(issue 13, issue 17)', 'issues #3', 'issue #12', 'CONTRACT-14', 'BILLING-ZA.md', 'BANKS-ZA.md',
      'NOTES-STACK.md', 'STYLE.md',
    ];
    for (const text of citations) expect(outsideCitation.test(text), text).toBe(true);
    const ordinary = [
      'RFC 9110 §13.1.1', 'UAX #9 §3.4', 'see docs/billing.md', 'two requests for the same order issue one invoice',
      'numbers 50 concurrent issues 1..n with no gap', 'designed', 'the design of the list', 'spec.ts', 'tests/e2e/x.spec.ts',
      'SPECIAL', 'DESIGNER',
    ];
    for (const text of ordinary) expect(outsideCitation.test(text), text).toBe(false);
  });

  it('finds none in server/, src/, shared/, i18n/, scripts/, .ci/, tests/, docs/, bench/, README.md, SECURITY.md and the root configs', () => {
    const files = [...folders.flatMap(filesUnder), ...rootFiles];
    expect(files.length).toBeGreaterThan(300);
    expect(files.flatMap(citationsIn)).toEqual([]);
  });
});
