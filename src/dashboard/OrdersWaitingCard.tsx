import { Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { DashboardCard } from './DashboardCard';
import { useProductionQueue } from './useProductionQueue';
import { filteredListPath } from '../resources/shared/filteredListPath';

/** How many orders wait at each step before dispatch, each opening the orders list at that status. */
export function OrdersWaitingCard() {
  const translate = useTranslate();
  const { data, error, refetch } = useProductionQueue();
  return (
    <DashboardCard id="orders-waiting" title={translate('reports.dashboard.orders_waiting')} ready={data !== null} error={error} retry={refetch}>
      <List dense disablePadding>
        {data?.waiting.map(({ status, orders }) => (
          <ListItem key={status} disableGutters secondaryAction={<Typography data-testid={`waiting-${status}`}>{orders}</Typography>}>
            <ListItemText
              primary={
                <Link component={RouterLink} to={filteredListPath('/orders', { status })}>
                  {translate(`orders.status.${status}`)}
                </Link>
              }
            />
          </ListItem>
        ))}
      </List>
    </DashboardCard>
  );
}
