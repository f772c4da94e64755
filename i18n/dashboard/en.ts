/** Messages of the home dashboard (merged into i18n/en.ts). */
export const dashboardEn = {
  dashboard: {
    recent_orders: 'Recent orders',
    order_count: '%{smart_count} order |||| %{smart_count} orders',
    no_orders: 'No orders yet.',
    member_requests: 'New member requests',
    waiting: '%{smart_count} waiting |||| %{smart_count} waiting',
    no_requests: 'No requests are waiting.',
    all_requests: 'All requests',
    branch_month: 'This month: %{smart_count} order, %{value} |||| This month: %{smart_count} orders, %{value}',
    against_last_month: 'Against last month: orders %{count}, value %{value}',
    no_last_month: 'No orders last month to compare with.',
  },
};
