import { Grid, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { yearToDate } from '../../shared/reports/periods';
import type { Core } from '../routes';
import { AccountSummaryCard } from '../resources/billing/AccountSummaryCard';
import { RecentOrders } from '../resources/orders/RecentOrders';
import { SalesChart } from './SalesChart';

/**
 * A member's home: what it bought this year by month and by product, each against the same days
 * last year, its balance, and its recent orders. The server answers its own account's figures only.
 */
export default function MemberDashboard({ core, today }: { core: Core; today: string }) {
  const translate = useTranslate();
  const year = yearToDate(today);
  return (
    <Stack spacing={2}>
      {core.user.client && <AccountSummaryCard clientId={core.user.client.id} />}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <SalesChart id="dashboard-months" title={translate('reports.dashboard.bought_by_month')} query={{ groupBy: 'month', period: year, compare: 'last_year' }} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <SalesChart id="dashboard-products" title={translate('reports.dashboard.bought_by_product')} query={{ groupBy: 'product', period: year, compare: 'last_year', limit: 8 }} />
        </Grid>
      </Grid>
      <RecentOrders title={translate('dashboard.recent_orders')} perPage={10} />
    </Stack>
  );
}
