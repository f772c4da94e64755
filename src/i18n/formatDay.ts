import { formatDate } from './format';

/**
 * A day of the calendar ("2026-12-03", no time) in the user's language: read as that day where the
 * browser is, not as UTC midnight, which west of Greenwich would show the day before. A module of
 * its own: only later screens show such days, so it stays out of the shell's chunk.
 */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return formatDate(new Date(year, month - 1, date));
}
