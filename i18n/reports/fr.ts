import type { reportsEn } from './en';

/** L’écran d’analyse des ventes. */
export const reportsFr: typeof reportsEn = {
  app: {
    menu: { sales_analytics: 'Analyse des ventes' },
    pages: { sales_analytics: 'Analyse des ventes' },
  },
  reports: {
    period_from: 'Du',
    period_to: 'Au',
    backwards: 'La période doit finir le jour de son début ou après',
    compare: 'Comparer avec',
    compare_none: 'Rien',
    compare_previous: 'La période précédente',
    compare_last_year: 'La même période l’an dernier',
    group_by: 'Regrouper par',
    groupings: {
      month: 'Mois',
      week: 'Semaine',
      product: 'Produit',
      product_group: 'Groupe de produits',
      client: 'Client',
      client_type: 'Type de client',
      rep: 'Commercial',
      branch: 'Agence',
    },
    by_grouping: 'Ventes par %{grouping} (hors TVA)',
    top_products: 'Meilleurs produits (hors TVA)',
    top_clients: 'Meilleurs clients (hors TVA)',
    this_period: 'Cette période',
    compare_period: 'Période de comparaison',
    totals: 'Total',
    others: 'Autres',
    none: 'Aucun',
    no_sales: 'Aucune vente sur cette période.',
    export_csv: 'Exporter en CSV',
    columns: {
      label: 'Nom',
      quantity: 'Quantité',
      net: 'Net',
      vat: 'TVA',
      total: 'Total',
      documents: 'Documents',
      compare_net: 'Net, comparaison',
    },
    client_types: { stockist: 'Revendeur', individual: 'Particulier', admin: 'Entreprise' },
  },
};
