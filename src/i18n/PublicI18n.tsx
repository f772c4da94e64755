import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { loadMessages, type Locale } from '../../i18n/locales';
import { translateWith, type Messages } from './interpolate';
import { onLocaleChange, saveLocale, storedLocale } from './localePreference';

interface PublicI18n {
  locale: Locale;
  translate: (key: string, options?: Record<string, unknown>) => string;
  setLocale: (locale: Locale) => void;
}

const Context = createContext<PublicI18n | null>(null);

/**
 * Translations for the public pages without react-admin: the same message files and placeholder
 * syntax, with English behind every language as the fallback.
 */
export function PublicI18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(storedLocale);
  const [phrases, setPhrases] = useState<{ locale: Locale; chosen: Messages; english: Messages } | null>(null);

  useEffect(() => onLocaleChange(setLocaleState), []);

  useEffect(() => {
    let live = true;
    Promise.all([loadMessages('en'), loadMessages(locale)]).then(([english, chosen]) => {
      if (live) setPhrases({ locale, chosen, english });
    });
    return () => {
      live = false;
    };
  }, [locale]);

  const value = useMemo<PublicI18n | null>(
    () =>
      phrases && {
        locale: phrases.locale,
        translate: (key, options) => translateWith(phrases.chosen, phrases.english, key, options),
        setLocale: saveLocale,
      },
    [phrases],
  );
  // Nothing is shown until the messages are in: a flash of untranslated keys helps nobody.
  return value ? <Context.Provider value={value}>{children}</Context.Provider> : null;
}

export function usePublicI18n(): PublicI18n {
  const value = useContext(Context);
  if (!value) throw new Error('usePublicI18n outside PublicI18nProvider');
  return value;
}
