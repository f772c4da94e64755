import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import enCore from '../../i18n/en.core';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { laterMessagesReady } from '../../src/i18n/laterMessages';
import { LOCALE_KEY } from '../../src/providers/storage';

/** Leaf path → message, for any nested messages object. */
function leaves(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') leaves(value, path, out);
    else out.set(path, value);
  }
  return out;
}

const i18nDir = resolve(__dirname, '../../i18n');
const domains = readdirSync(i18nDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  // The documents' own wording (`*-documents`: tax documents, commission statements, delivery notes
  // and picking slips), which the server prints into PDFs, and the mails' (`*-mails`), which the
  // server sends: the web app never shows them.
  .filter((name) => !name.endsWith('-documents') && !name.endsWith('-mails'));

describe('English in two parts: the shell’s and the later screens’ (the first screen’s download budget)', () => {
  afterEach(() => localStorage.clear());

  it.each(domains)('every English message of the %s domain is in the whole English', async (domain) => {
    const module = (await import(`../../i18n/${domain}/en.ts`)) as Record<string, unknown>;
    const whole = leaves(en);
    for (const messages of Object.values(module)) {
      const missing = [...leaves(messages)].filter(([path, message]) => whole.get(path) !== message).map(([path]) => path);
      expect(missing, `${domain}: messages the back office would never show`).toEqual([]);
    }
  });

  it('keeps the later screens’ messages out of the shell’s part, but their menu entries in it', () => {
    const core = leaves(enCore);
    expect(core.has('resources.invoices.fields.number')).toBe(false);
    expect(core.has('security.two_factor.title')).toBe(false);
    expect(core.has('app.auth.email')).toBe(false);
    expect(core.get('app.menu.invoices')).toBe('Invoices');
    expect(core.get('resources.members.name')).toBe(leaves(en).get('resources.members.name'));
    expect(core.size).toBeLessThan(leaves(en).size / 2);
  });

  it('completes English in the provider: a later screen’s message once they are in', async () => {
    localStorage.setItem(LOCALE_KEY, 'en');
    const provider = await createI18nProvider();
    await laterMessagesReady();
    expect(provider.translate('resources.invoices.fields.number')).toBe('Number');
    expect(provider.translate('app.auth.email')).toBe('Email');
    expect(provider.translate('app.menu.invoices')).toBe('Invoices');
  });

  it('stays in another language once English is completed (the rebuilt phrase book is French, over English)', async () => {
    localStorage.setItem(LOCALE_KEY, 'fr');
    const provider = await createI18nProvider();
    await laterMessagesReady();
    expect(provider.getLocale()).toBe('fr');
    expect(provider.translate('app.menu.invoices')).toBe('Factures');
    expect(provider.translate('resources.invoices.fields.number')).toBe('Numéro');
  });
});
