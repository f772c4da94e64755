import { isLocale, type Locale } from '../../i18n/locales';

/**
 * Numbers and money are en-ZA whatever the interface language (one way to read an amount); money
 * travels as integer cents of ZAR, and its format is shared with the server's PDFs and mails
 * (shared/money/format.ts). Dates are in the user's language, as the PDFs write them.
 */
export { CURRENCY, FORMAT_LOCALE, formatMoney } from '../../shared/money/format';

/**
 * A date beside other text in a right-to-left page (its digits and times are left-to-right runs)
 * could be split and reordered by the bidi algorithm. Isolating it (FSI ... PDI) keeps it whole;
 * in left-to-right pages dates stay plain strings.
 */
export const isolated = (text: string): string =>
  typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? `\u2068${text}\u2069` : text;

/**
 * The date locale of each interface language, as the PDFs have it: months in the reader's
 * language, Arabic with Western digits like the amounts beside them.
 */
const DATE_TAGS: Record<Locale, string> = { en: 'en-ZA', ar: 'ar-u-nu-latn', es: 'es', fr: 'fr', zh: 'zh-CN' };

/** The interface language: the document's `lang`, set whenever the language is chosen (src/i18n/localePreference.ts). */
const interfaceLocale = (): Locale => {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLocale(lang) ? lang : 'en';
};

const formats = new Map<string, Intl.DateTimeFormat>();
/** A date format in the interface language, made once per language and style. */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = DATE_TAGS[interfaceLocale()];
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * The month spelt out (`dateStyle: 'medium'` is all digits in Arabic), the day on two digits and
 * a 24-hour clock: "07 Oct 2026, 10:05", "07 أكتوبر 2026، 10:05", "2026年10月07日 10:05".
 */
export const DAY_STYLE = { day: '2-digit', month: 'short', year: 'numeric' } as const satisfies Intl.DateTimeFormatOptions;
export const DAY_TIME_STYLE = { ...DAY_STYLE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const satisfies Intl.DateTimeFormatOptions;

export const formatDateTime = (iso: string | Date): string => isolated(dateFormat(DAY_TIME_STYLE).format(new Date(iso)));
export const formatDate = (iso: string | Date): string => isolated(dateFormat(DAY_STYLE).format(new Date(iso)));
