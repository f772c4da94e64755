import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'ra-core';
import enCore from '../../i18n/en.core';
import { mergeMessages } from '../../i18n/merge';
import { loadEnglishRest, loadMessages, locales, type Locale } from '../../i18n/locales';
import { saveLocale, storedLocale } from '../i18n/localePreference';
import { setLaterMessagesLoader } from '../i18n/laterMessages';

type Messages = Record<string, unknown>;

/** Deep merge: the chosen language over English, so a missing key falls back to English. */
function withFallback(base: Messages, over: Messages): Messages {
  const result: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = base[key];
    result[key] = value && typeof value === 'object' && under && typeof under === 'object' ? withFallback(under as Messages, value as Messages) : value;
  }
  return result;
}

/**
 * react-admin's i18n. English starts with the shell's part (i18n/en.core.ts) and is completed by
 * its later part as soon as the shell runs; the other languages are loaded whole when chosen. The
 * choice is remembered in the shared locale preference.
 */
export async function createI18nProvider(): Promise<I18nProvider> {
  let english: Messages = enCore;
  const loaded = new Map<Locale, Messages>();
  const messagesFor = (locale: Locale): Messages => (locale === 'en' ? english : withFallback(english, loaded.get(locale) ?? {}));
  const fetchMessages = (locale: Locale): Messages | Promise<Messages> =>
    locale === 'en' || loaded.has(locale)
      ? messagesFor(locale)
      : loadMessages(locale).then((messages) => {
          loaded.set(locale, messages);
          return messagesFor(locale);
        });

  const initial = storedLocale();
  if (initial !== 'en') await fetchMessages(initial);
  const provider = polyglotI18nProvider(
    (locale) => fetchMessages(locale as Locale) as never,
    initial,
    locales.map((locale) => ({ locale, name: enCore.app.languages[locale] })),
    { allowMissing: true },
  );
  // The language last asked for: completing English re-reads its messages, not an older one's.
  let wanted: Locale = initial;

  let completing: Promise<void> | null = null;
  const completeEnglish = (): Promise<void> =>
    (completing ??= loadEnglishRest().then(
      async (domains) => {
        english = mergeMessages(english, domains);
        // ra-i18n-polyglot builds its phrase book per language change: rebuild it for the same one.
        await provider.changeLocale(wanted);
      },
      (error: unknown) => {
        completing = null; // a later screen tries again (e.g. once the connection is back)
        throw error;
      },
    ));
  setLaterMessagesLoader(completeEnglish);
  void completeEnglish().catch(() => undefined);

  return {
    ...provider,
    changeLocale: async (locale, options) => {
      wanted = locale as Locale;
      await provider.changeLocale(locale, options);
      saveLocale(locale as Locale);
    },
  };
}
