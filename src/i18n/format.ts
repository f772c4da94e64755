/**
 * SPEC §1: the locale of numbers, money and dates is en-ZA whatever the interface language.
 * Money travels as integer cents of ZAR (DESIGN §1).
 */
export const FORMAT_LOCALE = 'en-ZA';
export const CURRENCY = 'ZAR';

const money = new Intl.NumberFormat(FORMAT_LOCALE, { style: 'currency', currency: CURRENCY });
const dateTime = new Intl.DateTimeFormat(FORMAT_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(FORMAT_LOCALE, { dateStyle: 'medium' });

export const formatMoney = (cents: number): string => money.format(cents / 100);
export const formatDateTime = (iso: string | Date): string => dateTime.format(new Date(iso));
export const formatDate = (iso: string | Date): string => date.format(new Date(iso));
