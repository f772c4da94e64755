import { Grid, Stack } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { BranchStats } from '../dashboard/BranchStats';
import { MemberRequests } from '../dashboard/MemberRequests';
import { RecentOrders } from '../resources/orders/RecentOrders';
import { FollowUpsDue } from '../resources/sales-leads/FollowUpsDue';
import { Shortcuts } from '../dashboard/Shortcuts';
import { useCore } from '../providers/useCore';
import { usePortalTitle } from './usePortalTitle';

/** The production queue: what waits at each step, oldest first. */
const queue = ['confirmed', 'in_production', 'ready'] as const;

/**
 * The home dashboard per role: the admin sees each branch's month, member requests and recent
 * orders; production its queue by status; members and resellers their recent orders.
 */
export default function HomeScreen() {
  const translate = useTranslate();
  const title = usePortalTitle('home');
  const core = useCore();
  if (!core) return null;
  const role = core.user.role.role_name;
  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={title} />
      <Shortcuts core={core} />
      {role === 'admin' && (
        <>
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
        </>
      )}
      {role === 'production' && (
        <Grid container spacing={2}>
          {queue.map((status) => (
            <Grid key={status} size={{ xs: 12, lg: 4 }}>
              <RecentOrders title={translate(`orders.status.${status}`)} filter={{ status }} oldestFirst perPage={10} />
            </Grid>
          ))}
        </Grid>
      )}
      {role !== 'admin' && role !== 'production' && <RecentOrders title={translate('dashboard.recent_orders')} perPage={10} />}
    </Stack>
  );
}
