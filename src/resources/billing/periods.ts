import { addDays, businessDay } from '../../../shared/billing/accounts';

export interface Period {
  from: string;
  to: string;
}

/** Periods offered at a click (days in South African time): this month so far, last month, the last 90 days. */
export function presetPeriod(preset: 'month' | 'last_month' | 'days_90', today = businessDay(new Date())): Period {
  const firstOfMonth = `${today.slice(0, 8)}01`;
  if (preset === 'month') return { from: firstOfMonth, to: today };
  if (preset === 'days_90') return { from: addDays(today, -89), to: today };
  const lastOfPrevious = addDays(firstOfMonth, -1);
  return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
}
