import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';

/**
 * The portal's words in its five languages live in i18n/ (one folder per domain); the server only
 * fills them in. This finds words that crept back into server code: an object with two or more of
 * the language codes as keys whose values hold text (a string, or strings nested in an object or
 * array, with a space or a letter outside ASCII: "Avoir" alone would pass, a sentence does not).
 * Language tags ('en-ZA') and references to i18n/ (`fr: ordersFr.orders.status`) are not text.
 */

const root = resolve(__dirname, '../..');

/**
 * Data, not the portal's wording: the demo seed's rows (questions an admin edits in the portal) and
 * the sample lines of the billing PDF previews (a product name in each script, to see them mixed).
 */
const dataFiles = [/^server\/db\/seed\//, /^server\/modules\/billing\/pdf\/samples\.ts$/];

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

const isText = (value: string): boolean => /\s|[^\x00-\x7F]/.test(value.trim());

/** Whether an expression is, or holds, a literal that reads as text. */
function holdsText(node: ts.Node): boolean {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return isText(node.text);
  if (ts.isTemplateExpression(node)) return isText(node.head.text) || node.templateSpans.some((span) => isText(span.literal.text));
  if (ts.isObjectLiteralExpression(node) || ts.isArrayLiteralExpression(node) || ts.isPropertyAssignment(node)) {
    return ts.forEachChild(node, (child) => holdsText(child) || undefined) ?? false;
  }
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) return holdsText(node.expression);
  return false;
}

const propertyName = (name: ts.PropertyName): string | undefined =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;

/** "file:line" of every object in `source` keyed by two or more languages with text as values. */
export function wordingIn(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const worded = new Set(
        node.properties
          .filter((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p))
          .filter((p) => (locales as readonly string[]).includes(propertyName(p.name) ?? '') && holdsText(p.initializer))
          .map((p) => propertyName(p.name)),
      );
      if (worded.size >= 2) found.push(`${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the server holds no wording in several languages', () => {
  it('finds none in server/ (the words belong in i18n/)', () => {
    const found = files(join(root, 'server'))
      .map((path) => relative(root, path))
      .filter((path) => !dataFiles.some((pattern) => pattern.test(path)))
      .flatMap((path) => wordingIn(path, readFileSync(join(root, path), 'utf8')));
    expect(found).toEqual([]);
  });

  it('sees a catalogue of mails, a phrase per language, and keeps tags and references', () => {
    const catalogue = `const m = { en: { subject: 'Hello {name}', paragraphs: ['a b'] }, fr: { subject: 'Bonjour {name}', paragraphs: ['c d'] } };`;
    expect(wordingIn('a.ts', catalogue)).toEqual(['a.ts:1']);
    expect(wordingIn('b.ts', `const t = {\n  en: 'Tax invoice',\n  zh: '税务发票',\n};`)).toEqual(['b.ts:1']);
    expect(wordingIn('c.ts', `const tags = { en: 'en-ZA', ar: 'ar', zh: 'zh-CN' };`)).toEqual([]);
    expect(wordingIn('d.ts', `const s = { en: ordersEn.status, fr: ordersFr.status };`)).toEqual([]);
    expect(wordingIn('e.ts', `const one = { en: 'Only English here' };`)).toEqual([]);
  });
});
