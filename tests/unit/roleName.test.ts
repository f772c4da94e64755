import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';
import { messagesOf } from './support/messagesOf';
import { roleLabel } from '../../src/i18n/roleName';
import type { RoleName } from '../../src/routes';

const roles: RoleName[] = ['admin', 'stockist', 'individual', 'production', 'reseller'];

describe('role names in every language', () => {
  it('names each role from the messages, not the English display name the API gives', async () => {
    const names: Record<string, string[]> = {};
    for (const locale of locales) {
      const messages = await messagesOf(locale);
      const { translate } = polyglotI18nProvider(() => messages as never, locale);
      names[locale] = roles.map((name) => roleLabel(translate, { name, display_name: `EN ${name}` }));
      expect(names[locale]!.filter((label) => label.startsWith('EN ')), locale).toEqual([]);
    }
    expect(names.ar).toContain('مسؤول');
    expect(names.fr).toContain('Administrateur');
    // Five languages, five different sets of names.
    expect(new Set(Object.values(names).map((list) => list.join())).size).toBe(locales.length);
  });

  it('keeps the display name of a role the messages do not know', () => {
    const { translate } = polyglotI18nProvider(() => ({}) as never, 'en');
    expect(roleLabel(translate, { name: 'auditor', display_name: 'Auditor' })).toBe('Auditor');
  });
});
