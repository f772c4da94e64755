import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'ra-core';
import englishMessages from '../../i18n/en';
import { loadMessages, locales, type Locale } from '../../i18n/locales';
import { saveLocale, storedLocale } from '../i18n/localePreference';

/** Deep merge: the chosen language over English, so a missing key falls back to English (SPEC §1). */
function withFallback(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = base[key];
    result[key] =
      value && typeof value === 'object' && under && typeof under === 'object'
        ? withFallback(under as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return result;
}

/**
 * react-admin's i18n: English is bundled, the other languages are loaded when chosen; the
 * choice is remembered in the shared locale preference.
 */
export async function createI18nProvider(): Promise<I18nProvider> {
  const initial = storedLocale();
  const initialMessages = initial === 'en' ? englishMessages : withFallback(englishMessages, await loadMessages(initial));
  const provider = polyglotI18nProvider(
    (locale) => {
      if (locale === initial) return initialMessages as never;
      if (locale === 'en') return englishMessages as never;
      return loadMessages(locale as Locale).then((messages) => withFallback(englishMessages, messages)) as never;
    },
    initial,
    locales.map((locale) => ({ locale, name: englishMessages.app.languages[locale] })),
    { allowMissing: true },
  );
  return {
    ...provider,
    changeLocale: async (locale, options) => {
      await provider.changeLocale(locale, options);
      saveLocale(locale as Locale);
    },
  };
}
