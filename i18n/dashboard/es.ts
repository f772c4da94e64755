import type { DashboardMessages } from './en';

export const dashboardEs: DashboardMessages = {
  dashboard: {
    recent_orders: 'Pedidos recientes',
    order_count: '%{smart_count} pedido |||| %{smart_count} pedidos',
    no_orders: 'Todavía no hay pedidos.',
    member_requests: 'Nuevas solicitudes de miembros',
    waiting: '%{smart_count} en espera |||| %{smart_count} en espera',
    no_requests: 'No hay solicitudes en espera.',
    all_requests: 'Todas las solicitudes',
    branch_month: 'Este mes: %{smart_count} pedido, %{value} |||| Este mes: %{smart_count} pedidos, %{value}',
    against_last_month: 'Frente al mes pasado: pedidos %{count}, valor %{value}',
    no_last_month: 'No hubo pedidos el mes pasado con los que comparar.',
  },
};
