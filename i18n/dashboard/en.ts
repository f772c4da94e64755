import type { dashboardShellEn } from './en.shell';

/**
 * Messages of the home dashboard, loaded after the first screen (i18n/en.rest.ts: the home screen
 * waits for them); the menu badge's `dashboard.waiting` travels with the shell (./en.shell.ts).
 */
export const dashboardEn = {
  dashboard: {
    recent_orders: 'Recent orders',
    order_count: '%{smart_count} order |||| %{smart_count} orders',
    no_orders: 'No orders yet.',
    member_requests: 'New member requests',
    no_requests: 'No requests are waiting.',
    all_requests: 'All requests',
    branch_month: 'This month: %{smart_count} order, %{value} |||| This month: %{smart_count} orders, %{value}',
    against_last_month: 'Against last month: orders %{count}, value %{value}',
    no_last_month: 'No orders last month to compare with.',
  },
};

/** What each language's dashboard messages hold: the shell's one and the rest. */
export type DashboardMessages = { dashboard: (typeof dashboardShellEn)['dashboard'] & (typeof dashboardEn)['dashboard'] };
