import { Grid, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { lastTwelveMonths } from '../../shared/reports/periods';
import type { Core } from '../routes';
import { RecentOrders } from '../resources/orders/RecentOrders';
import { FollowUpsDue } from '../resources/sales-leads/FollowUpsDue';
import { BranchStats } from './BranchStats';
import { MemberRequests } from './MemberRequests';
import { MonthSalesCard } from './MonthSalesCard';
import { OrdersWaitingCard } from './OrdersWaitingCard';
import { OverdueCard } from './OverdueCard';
import { SalesChart } from './SalesChart';

/**
 * The admin's home: the business at a glance — this month's sales, what is overdue, the orders
 * waiting per status; sales by month against last year and by product group (each bar opening
 * its invoices) — then each branch's month, member requests, follow-ups and recent orders.
 */
export default function AdminDashboard({ core, today }: { core: Core; today: string }) {
  const translate = useTranslate();
  const year = lastTwelveMonths(today);
  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <MonthSalesCard today={today} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <OverdueCard />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <OrdersWaitingCard />
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <SalesChart id="dashboard-months" title={translate('reports.dashboard.sales_by_month')} query={{ groupBy: 'month', period: year, compare: 'last_year' }} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <SalesChart id="dashboard-groups" title={translate('reports.dashboard.sales_by_group')} query={{ groupBy: 'product_group', period: year, limit: 8 }} />
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        {core.branch_config.map((branch) => (
          <Grid key={branch.id} size={{ xs: 12, md: 6, lg: 4 }}>
            <BranchStats branchId={branch.id} name={branch.name} />
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2}>
            <MemberRequests />
            <FollowUpsDue />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <RecentOrders title={translate('dashboard.recent_orders')} />
        </Grid>
      </Grid>
    </Stack>
  );
}
