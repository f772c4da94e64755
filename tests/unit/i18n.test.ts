import { describe, expect, it } from 'vitest';
import type { TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import en from '../../i18n/en';
import { loadMessages } from '../../i18n/locales';

/**
 * Every language has exactly English's messages (react-admin's `ra.*` and our `app.*`): the same
 * keys, the same `%{placeholders}`, no more plural forms than English, and plural forms that
 * Polyglot actually picks the right way for that language.
 */

const translations = ['ar', 'es', 'fr', 'zh'] as const;
type Translation = (typeof translations)[number];

/** Languages whose plurals work like English's (one, other): same number of forms as English. */
const sameFormsAsEnglish: readonly Translation[] = ['es', 'fr'];

type Leaves = Map<string, unknown>;

/** Leaf path (`ra.action.add`) → value, for any nested messages object. */
function leaves(tree: unknown, prefix = '', out: Leaves = new Map()): Leaves {
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') leaves(value, path, out);
    else out.set(path, value);
  }
  return out;
}

const PLURAL = '||||';
const forms = (message: string): string[] => message.split(PLURAL);
const placeholders = (message: string): Set<string> =>
  new Set([...message.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]));
const list = (names: Iterable<string>) => [...names].map((name) => `%{${name}}`).join(', ');

/** A report line per problem; the assertion prints them all. */
const report = (locale: string, what: string, problems: string[]) =>
  `${locale}: ${problems.length} ${what}:\n  ${problems.join('\n  ')}\n`;

const english = leaves(en);
const englishMessages = [...english].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
const pluralMessages = englishMessages.filter(([, message]) => message.includes(PLURAL));

async function messagesOf(locale: Translation) {
  const messages = await loadMessages(locale);
  return { messages, flat: leaves(messages) };
}

/**
 * What is wrong with the placeholders of `message` against English's, or nothing. When English has
 * several plural forms and the translation one (ar, zh), that single form stands for all of them:
 * it must keep `%{smart_count}` and whatever English names in every form, and may leave out a
 * placeholder English names in some forms only (react-admin's bulk update passes no
 * `%{recordRepresentation}`, which would otherwise show as literal text).
 */
function placeholderProblem(englishMessage: string, message: string): string | undefined {
  const wanted = placeholders(englishMessage);
  const found = placeholders(message);
  const extra = [...found].filter((name) => !wanted.has(name));
  let missing = [...wanted].filter((name) => !found.has(name));
  const englishForms = forms(englishMessage);
  if (forms(message).length === 1 && englishForms.length > 1) {
    const inEveryForm = englishForms
      .map(placeholders)
      .reduce((common, next) => new Set([...common].filter((name) => next.has(name))));
    missing = missing.filter((name) => name === 'smart_count' || inEveryForm.has(name));
  }
  if (!missing.length && !extra.length) return undefined;
  const parts = [missing.length && `lacks ${list(missing)}`, extra.length && `has unknown ${list(extra)}`];
  return `${parts.filter(Boolean).join('; ')} in ${JSON.stringify(message)} (en: ${JSON.stringify(englishMessage)})`;
}

describe('i18n: English, the reference', () => {
  it('is made of non-empty strings only', () => {
    const bad = [...english].filter(([, value]) => typeof value !== 'string' || value.length === 0);
    expect(bad.map(([path]) => path)).toEqual([]);
    expect(englishMessages.length).toBeGreaterThan(100);
  });
});

describe.each(translations)('i18n: %s', (locale) => {
  it('has every message of English, none empty', async () => {
    const { flat } = await messagesOf(locale);
    const problems: string[] = [];
    for (const [path, englishMessage] of englishMessages) {
      const message = flat.get(path);
      if (!flat.has(path)) problems.push(`${path} (missing)`);
      else if (typeof message !== 'string') problems.push(`${path} (not a string: ${JSON.stringify(message)})`);
      // ra.boolean.null is a single space in English; only a blank where English has text is empty.
      else if (message.length === 0 || (message.trim() === '' && englishMessage.trim() !== ''))
        problems.push(`${path} (empty)`);
    }
    expect(problems, report(locale, 'missing or empty messages', problems)).toEqual([]);
  });

  it('has no key English lacks', async () => {
    const { flat } = await messagesOf(locale);
    const extra = [...flat.keys()].filter((path) => !english.has(path));
    expect(extra, report(locale, 'keys English does not have', extra)).toEqual([]);
  });

  it("uses English's %{placeholders}", async () => {
    const { flat } = await messagesOf(locale);
    const problems: string[] = [];
    for (const [path, englishMessage] of englishMessages) {
      const message = flat.get(path);
      if (typeof message !== 'string') continue; // reported as missing above
      const problem = placeholderProblem(englishMessage, message);
      if (problem) problems.push(`${path}: ${problem}`);
    }
    expect(problems, report(locale, 'placeholder mismatches', problems)).toEqual([]);
  });

  it(`has ${sameFormsAsEnglish.includes(locale) ? 'as many plural forms as' : 'no more plural forms than'} English`, async () => {
    const { flat } = await messagesOf(locale);
    const problems: string[] = [];
    for (const [path, englishMessage] of englishMessages) {
      const message = flat.get(path);
      if (typeof message !== 'string') continue;
      const want = forms(englishMessage).length;
      const have = forms(message).length;
      const wrong = sameFormsAsEnglish.includes(locale) ? have !== want : have > want;
      if (wrong) problems.push(`${path}: ${have} form(s), English ${want}: ${JSON.stringify(message)}`);
    }
    expect(problems, report(locale, 'plural form mismatches', problems)).toEqual([]);
  });

  it('shows the count when Polyglot picks a plural form for it', async () => {
    const { messages } = await messagesOf(locale);
    const { translate } = polyglotI18nProvider(() => messages as TranslationMessages, locale);
    const problems: string[] = [];
    for (const [path, englishMessage] of pluralMessages) {
      if (!placeholders(forms(englishMessage).at(-1)!).has('smart_count')) continue;
      const values = Object.fromEntries([...placeholders(englishMessage)].map((name) => [name, `‹${name}›`]));
      for (const count of [2, 3, 5, 11, 25, 100, 101]) {
        const text = translate(path, { ...values, smart_count: count });
        if (!text.includes(String(count)) || text.includes('%{'))
          problems.push(`${path} with smart_count ${count}: ${JSON.stringify(text)}`);
      }
    }
    expect(problems, report(locale, 'plural renderings without the count', problems)).toEqual([]);
  });

  it('names each language in its own language, as English does', async () => {
    const { messages } = await messagesOf(locale);
    expect((messages.app as typeof en.app).languages).toEqual(en.app.languages);
  });
});
