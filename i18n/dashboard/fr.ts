import type { DashboardMessages } from './en';

export const dashboardFr: DashboardMessages = {
  dashboard: {
    recent_orders: 'Commandes récentes',
    order_count: '%{smart_count} commande |||| %{smart_count} commandes',
    no_orders: 'Aucune commande pour le moment.',
    member_requests: 'Nouvelles demandes d’adhésion',
    waiting: '%{smart_count} en attente |||| %{smart_count} en attente',
    no_requests: 'Aucune demande en attente.',
    all_requests: 'Toutes les demandes',
    branch_month: 'Ce mois-ci : %{smart_count} commande, %{value} |||| Ce mois-ci : %{smart_count} commandes, %{value}',
    against_last_month: 'Par rapport au mois dernier : commandes %{count}, valeur %{value}',
    no_last_month: 'Aucune commande le mois dernier pour comparer.',
  },
};
