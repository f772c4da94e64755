import type { DashboardMessages } from './en';

export const dashboardZh: DashboardMessages = {
  dashboard: {
    recent_orders: '最近的订单',
    order_count: '%{smart_count} 个订单',
    no_orders: '暂无订单。',
    member_requests: '新的会员申请',
    waiting: '%{smart_count} 个待处理',
    no_requests: '没有待处理的申请。',
    all_requests: '全部申请',
    branch_month: '本月：%{smart_count} 个订单，%{value}',
    against_last_month: '与上月相比：订单 %{count}，金额 %{value}',
    no_last_month: '上月没有订单可供比较。',
  },
};
