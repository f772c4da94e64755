import type { DashboardMessages } from './en';

/** Plural messages: first form count-neutral, second the singular (see i18n/ar.ts). */
export const dashboardAr: DashboardMessages = {
  dashboard: {
    recent_orders: 'أحدث الطلبات',
    order_count: 'عدد الطلبات: %{smart_count} |||| طلب واحد',
    no_orders: 'لا توجد طلبات بعد.',
    member_requests: 'طلبات العضوية الجديدة',
    waiting: 'عدد الطلبات المنتظرة: %{smart_count} |||| طلب واحد منتظر',
    no_requests: 'لا توجد طلبات منتظرة.',
    all_requests: 'جميع الطلبات',
    branch_month: 'هذا الشهر: عدد الطلبات %{smart_count}، بقيمة %{value} |||| هذا الشهر: طلب واحد بقيمة %{value}',
    against_last_month: 'مقارنة بالشهر الماضي: الطلبات %{count}، القيمة %{value}',
    no_last_month: 'لا توجد طلبات في الشهر الماضي للمقارنة.',
  },
};
