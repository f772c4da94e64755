/** The portal's five languages; English is the default and fallback. */
export const locales = ['en', 'ar', 'es', 'fr', 'zh'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** Languages written right to left: the whole interface is mirrored for them. */
export const rtlLocales: readonly Locale[] = ['ar'];

/** How each language names itself, in the language menus of every language. */
export const languageNames: Record<Locale, string> = {
  en: 'English',
  ar: 'العربية',
  es: 'Español',
  fr: 'Français',
  zh: '中文',
};

export const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale);

/**
 * Each language but English is its own chunk, loaded when chosen, whole. English is the fallback
 * and comes in two parts instead: i18n/en.core.ts in the back office's shell and the rest
 * (loadEnglishRest) beside its first screen.
 */
export function loadMessages(locale: Exclude<Locale, 'en'>): Promise<Record<string, unknown>> {
  switch (locale) {
    case 'ar':
      return import('./ar').then((m) => m.default);
    case 'es':
      return import('./es').then((m) => m.default);
    case 'fr':
      return import('./fr').then((m) => m.default);
    case 'zh':
      return import('./zh').then((m) => m.default);
  }
}

/** The English of the back office's screens past the first (i18n/en.rest.ts), one domain each. */
export const loadEnglishRest = (): Promise<Record<string, unknown>[]> => import('./en.rest').then((m) => m.enRestDomains);
