import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from '../../i18n/locales';
import { translateWith, type Messages } from './interpolate';
import { onLocaleChange, saveLocale, storedLocale } from './localePreference';
import { loadPublicMessages } from './publicMessages';

interface PublicI18n {
  locale: Locale;
  translate: (key: string, options?: Record<string, unknown>) => string;
  setLocale: (locale: Locale) => void;
}

const Context = createContext<PublicI18n | null>(null);

/**
 * Translations for the public pages without react-admin: the same messages and placeholder
 * syntax, one language's public share at a time.
 */
export function PublicI18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(storedLocale);
  const [phrases, setPhrases] = useState<{ locale: Locale; messages: Messages } | null>(null);

  useEffect(() => onLocaleChange(setLocaleState), []);

  useEffect(() => {
    let live = true;
    // Every language holds every English key (tests/unit/i18n.test.ts keeps them complete), so a
    // public page loads one small message file (its language's public share), not two.
    loadPublicMessages(locale).then((messages) => {
      if (live) setPhrases({ locale, messages });
    });
    return () => {
      live = false;
    };
  }, [locale]);

  const value = useMemo<PublicI18n | null>(
    () =>
      phrases && {
        locale: phrases.locale,
        translate: (key, options) => translateWith(phrases.messages, key, options),
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
