import { describe, expect, it } from 'vitest';
import { drillDownFilter } from '../../shared/reports/drillDown';
import { OTHERS_KEY } from '../../shared/reports/periods';

const period = { from: '2026-01-15', to: '2026-11-27' };

describe('from a report row to the invoices behind it', () => {
  it('narrows a month or week to its days inside the report period', () => {
    expect(drillDownFilter('month', '2026-03', period)).toEqual({ register: true, date_from: '2026-03-01', date_to: '2026-03-31' });
    // The first and last months are cut where the period starts and ends.
    expect(drillDownFilter('month', '2026-01', period)).toEqual({ register: true, date_from: '2026-01-15', date_to: '2026-01-31' });
    expect(drillDownFilter('month', '2026-11', period)).toEqual({ register: true, date_from: '2026-11-01', date_to: '2026-11-27' });
    expect(drillDownFilter('month', '2024-02', { from: '2024-01-01', to: '2024-12-31' })).toMatchObject({ date_to: '2024-02-29' });
    expect(drillDownFilter('week', '2026-01-12', period)).toEqual({ register: true, date_from: '2026-01-15', date_to: '2026-01-18' });
    expect(drillDownFilter('week', '2026-03-02', period)).toMatchObject({ date_from: '2026-03-02', date_to: '2026-03-08' });
  });

  it('names the dimension by its filter over the whole period, keeping the report’s own filters', () => {
    expect(drillDownFilter('product', '7', period)).toEqual({ register: true, date_from: period.from, date_to: period.to, product_id: 7 });
    expect(drillDownFilter('product_group', '3', period)).toMatchObject({ product_group_id: 3 });
    expect(drillDownFilter('client', '12', period)).toMatchObject({ client_id: 12 });
    expect(drillDownFilter('client_type', 'individual', period)).toMatchObject({ client_type: 'individual' });
    expect(drillDownFilter('rep', '4', period)).toMatchObject({ rep_id: 4 });
    expect(drillDownFilter('branch', '2', period, { client_type: 'stockist' })).toEqual({ register: true, date_from: period.from, date_to: period.to, branch_id: 2, client_type: 'stockist' });
  });

  it('opens nothing for the rows that stand for no one list', () => {
    expect(drillDownFilter('product', OTHERS_KEY, period)).toBeNull();
    expect(drillDownFilter('rep', 'none', period)).toBeNull();
  });
});
