import { lazy, Suspense, type ComponentType } from 'react';
import { Stack } from '@mui/material';
import { Loading, Title } from 'react-admin';
import { businessDay } from '../../shared/billing/accounts';
import { Shortcuts } from '../dashboard/Shortcuts';
import { useCore } from '../providers/useCore';
import type { Core } from '../routes';
import { withTimeout } from './lazyScreen';
import { usePortalTitle } from './usePortalTitle';

type DashboardProps = { core: Core; today: string };

/**
 * Each role's dashboard is a chunk of its own, so the charts (MUI X Charts) load with the
 * dashboard that draws them, never with the shell, and production, which has no chart, never
 * downloads them.
 */
const dashboards: Record<string, ComponentType<DashboardProps>> = {
  admin: lazy(() => withTimeout(() => import('../dashboard/AdminDashboard'))),
  reseller: lazy(() => withTimeout(() => import('../dashboard/RepDashboard'))),
  stockist: lazy(() => withTimeout(() => import('../dashboard/MemberDashboard'))),
  individual: lazy(() => withTimeout(() => import('../dashboard/MemberDashboard'))),
  production: lazy(() => withTimeout(() => import('../dashboard/ProductionDashboard'))),
};

/**
 * The home page per role, under who is signed in and where they can go: the admin sees the
 * business, a rep its clients' sales and its commission, a member what it bought and its
 * balance, production what to make.
 */
export default function HomeScreen() {
  const title = usePortalTitle('home');
  const core = useCore();
  if (!core) return null;
  const Dashboard = dashboards[core.user.role.role_name];
  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={title} />
      <Shortcuts core={core} />
      {Dashboard && (
        <Suspense fallback={<Loading />}>
          <Dashboard core={core} today={businessDay(new Date())} />
        </Suspense>
      )}
    </Stack>
  );
}
