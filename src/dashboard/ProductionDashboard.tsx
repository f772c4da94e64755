import { Grid, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { RecentOrders } from '../resources/orders/RecentOrders';
import { OrdersWaitingCard } from './OrdersWaitingCard';
import { ToMakeCard } from './ToMakeCard';

/** The production queue: what waits at each step, oldest first. */
const queueStatuses = ['confirmed', 'in_production', 'ready'] as const;

/**
 * Production's home: what to make (the confirmed orders' quantities by product), the orders
 * waiting at each step, and each step's queue oldest first. Quantities only: no money anywhere.
 */
export default function ProductionDashboard() {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <ToMakeCard />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <OrdersWaitingCard />
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        {queueStatuses.map((status) => (
          <Grid key={status} size={{ xs: 12, lg: 4 }}>
            <RecentOrders title={translate(`orders.status.${status}`)} filter={{ status }} oldestFirst perPage={10} withMoney={false} />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
