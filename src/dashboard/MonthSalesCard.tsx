import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMoney } from '../i18n/format';
import { monthToDate } from '../../shared/reports/periods';
import { changeAgainst } from '../resources/orders/OrderStats';
import { DashboardCard } from './DashboardCard';
import { useSalesReport } from './useSalesReport';

/** Sales this month so far (excluding VAT, net of credit notes) against the same days last year: the caller's own (the server narrows). */
export function MonthSalesCard({ today }: { today: string }) {
  const translate = useTranslate();
  const { data, error, refetch } = useSalesReport({ groupBy: 'month', period: monthToDate(today), compare: 'last_year' });
  const net = data?.totals.net ?? 0;
  const before = data?.totals.compare?.net ?? 0;
  const change = changeAgainst(net, before);
  return (
    <DashboardCard id="month-sales" title={translate('reports.dashboard.month_sales')} ready={data !== null} error={error} retry={refetch}>
      <Typography variant="h4" component="p" data-testid="month-sales-net">
        {formatMoney(net)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {change === null ? translate('reports.dashboard.no_last_year') : translate('reports.dashboard.against_last_year', { change, amount: formatMoney(before) })}
      </Typography>
    </DashboardCard>
  );
}
