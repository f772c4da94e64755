import { describe, expect, it } from 'vitest';
import { bucketsOf, comparisonPeriod, lastTwelveMonths, weekOf, yearEarlier } from '../../shared/reports/periods';

describe('report periods', () => {
  it('compares whole months with as many whole months before, other periods with as many days', () => {
    expect(comparisonPeriod({ from: '2026-01-01', to: '2026-03-31' }, 'previous')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(comparisonPeriod({ from: '2026-01-10', to: '2026-01-19' }, 'previous')).toEqual({ from: '2025-12-31', to: '2026-01-09' });
    expect(comparisonPeriod({ from: '2024-02-29', to: '2024-03-31' }, 'last_year')).toEqual({ from: '2023-02-28', to: '2023-03-31' });
    expect(yearEarlier('2025-12-31')).toBe('2024-12-31');
  });

  it('lists every month or ISO week a period touches, and the last twelve months', () => {
    expect(bucketsOf({ from: '2025-11-15', to: '2026-02-01' }, 'month')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(weekOf('2026-01-04')).toBe('2025-12-29'); // a Sunday belongs to the week that began on Monday
    expect(bucketsOf({ from: '2026-01-04', to: '2026-01-12' }, 'week')).toEqual(['2025-12-29', '2026-01-05', '2026-01-12']);
    expect(lastTwelveMonths('2026-11-27')).toEqual({ from: '2025-12-01', to: '2026-11-27' });
    expect(lastTwelveMonths('2026-12-05')).toEqual({ from: '2026-01-01', to: '2026-12-05' });
  });
});
