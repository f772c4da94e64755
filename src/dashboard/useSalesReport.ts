import type { Comparison, Period, SalesGrouping } from '../../shared/reports/periods';
import type { ReportFilters } from '../../shared/reports/drillDown';
import { useApiGet } from '../resources/shared/useApiGet';
import type { SalesReport } from '../resources/reports/salesReport';

export interface DashboardQuery {
  groupBy: SalesGrouping;
  period: Period;
  compare?: Comparison;
  limit?: number;
  filters?: ReportFilters;
}

/** One sales report of a dashboard (api/reports/sales): the server narrows it to what the caller may see. */
export function useSalesReport({ groupBy, period, compare, limit, filters = {} }: DashboardQuery) {
  return useApiGet<SalesReport>('api/reports/sales', { group_by: groupBy, from: period.from, to: period.to, compare, limit, ...filters });
}
