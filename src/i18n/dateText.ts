import { FORMAT_LOCALE } from './format';

/**
 * Dates typed and shown in date inputs in the portal's en-ZA style ("31 Jul 2027", the style of
 * formatDate), whatever the browser's locale: a native date input writes `07/31/2027` in an
 * American browser and `31.07.2027` in a German one. Pure, so the SPA's inputs and tests share it.
 */
const dateStyle = new Intl.DateTimeFormat(FORMAT_LOCALE, { dateStyle: 'medium' });
const timeStyle = new Intl.DateTimeFormat(FORMAT_LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a local calendar date, or null when there is no such day (31 Feb). */
function calendarDate(year: number, month: number, day: number): string | null {
  const date = new Date(year, month - 1, day);
  if (year < 1000 || date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * Reads a date as people write it in South Africa: `31 Jul 2027` (also `31 July 2027`, `31 Sept
 * 2027`), `2027/07/31` or `2027-07-31` (year first), or `31/07/2027` (day first). Answers
 * `YYYY-MM-DD`, or null for anything else.
 */
export function readDate(text: string): string | null {
  const value = text.trim().replace(/\s+/g, ' ');
  let match = /^(\d{1,2}) ([a-z]+)\.?,? (\d{4})$/i.exec(value);
  if (match) {
    const name = match[2]!.toLowerCase();
    const month = months.findIndex((prefix) => name.startsWith(prefix));
    if (month < 0 || name.length < 3) return null;
    return calendarDate(Number(match[3]), month + 1, Number(match[1]));
  }
  match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(value);
  if (match) return calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (match) return calendarDate(Number(match[3]), Number(match[2]), Number(match[1]));
  return null;
}

/** The local calendar day of a stored value (an ISO date or instant) as `YYYY-MM-DD`. */
export function localDay(value: string | Date): string | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** How a date input shows a stored value: `31 Jul 2027`, or '' for none. */
export function writeDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const day = localDay(value);
  if (!day) return '';
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return dateStyle.format(new Date(year, month - 1, date));
}

/** Reads `31 Jul 2027, 19:40` (or any date readDate takes, then a 24-hour time) as a local instant. */
export function readDateTime(text: string): Date | null {
  const match = /^(.*?)[,\s]\s*(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const day = readDate(match[1]!.replace(/,\s*$/, ''));
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (!day || hours > 23 || minutes > 59) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, hours, minutes);
}

/** How a date-time input shows a stored instant: `31 Jul 2027, 19:40`, or '' for none. */
export function writeDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${dateStyle.format(date)}, ${timeStyle.format(date)}`;
}
