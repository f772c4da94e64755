import { Grid, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { lastTwelveMonths } from '../../shared/reports/periods';
import { RecentOrders } from '../resources/orders/RecentOrders';
import { CommissionCard } from './CommissionCard';
import { MonthSalesCard } from './MonthSalesCard';
import { SalesChart } from './SalesChart';

/**
 * A rep's home: its linked clients' sales this month and by month against last year, its top
 * clients, its target and commission so far this month, and its clients' recent orders. The
 * server narrows every figure to the rep's own clients and its own commission.
 */
export default function RepDashboard({ today }: { today: string }) {
  const translate = useTranslate();
  const year = lastTwelveMonths(today);
  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <MonthSalesCard today={today} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <CommissionCard today={today} />
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <SalesChart id="dashboard-months" title={translate('reports.dashboard.client_sales_by_month')} query={{ groupBy: 'month', period: year, compare: 'last_year' }} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <SalesChart id="dashboard-clients" title={translate('reports.top_clients')} query={{ groupBy: 'client', period: year, limit: 8 }} />
        </Grid>
      </Grid>
      <RecentOrders title={translate('dashboard.recent_orders')} perPage={10} />
    </Stack>
  );
}
