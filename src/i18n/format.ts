/**
 * The locale of numbers, money and dates is en-ZA whatever the interface language.
 * Money travels as integer cents of ZAR.
 */
export const FORMAT_LOCALE = 'en-ZA';
export const CURRENCY = 'ZAR';

const money = new Intl.NumberFormat(FORMAT_LOCALE, { style: 'currency', currency: CURRENCY });
const dateTime = new Intl.DateTimeFormat(FORMAT_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(FORMAT_LOCALE, { dateStyle: 'medium' });

export const formatMoney = (cents: number): string => money.format(cents / 100);
/**
 * en-ZA dates ("01 Nov 2026, 19:40") are left-to-right text that starts with digits: inside
 * Arabic text the bidi algorithm would move the day to the far end ("Nov 2026 01"). Isolating
 * them (FSI ... PDI) keeps them whole; in left-to-right pages they stay plain strings.
 */
const isolated = (text: string): string =>
  typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? `\u2068${text}\u2069` : text;

export const formatDateTime = (iso: string | Date): string => isolated(dateTime.format(new Date(iso)));
export const formatDate = (iso: string | Date): string => isolated(date.format(new Date(iso)));
