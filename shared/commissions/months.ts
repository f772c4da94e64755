/** Commission months as `YYYY-MM` (the statement's period), shared by the API and the screens. */

export const MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';

/** The month a day (YYYY-MM-DD) is in. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** The month after `month`. */
export function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/** The month before `month`. */
export function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

/** Its first and last day (YYYY-MM-DD). */
export function monthDays(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}
