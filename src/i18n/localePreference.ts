import { defaultLocale, isLocale, rtlLocales, type Locale } from '../../i18n/locales';
import { LOCALE_KEY } from '../providers/storage';

type Listener = (locale: Locale) => void;
const listeners = new Set<Listener>();

/** The chosen language, shared by the public pages and the back office. */
export function storedLocale(): Locale {
  const value = localStorage.getItem(LOCALE_KEY);
  return isLocale(value) ? value : defaultLocale;
}

export function isRtl(locale: Locale): boolean {
  return rtlLocales.includes(locale);
}

/** Arabic turns the whole document right-to-left; `lang` lets screen readers pick the voice. */
export function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
}

export function saveLocale(locale: Locale): void {
  localStorage.setItem(LOCALE_KEY, locale);
  applyDocumentLocale(locale);
  for (const listener of listeners) listener(locale);
}

export function onLocaleChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
