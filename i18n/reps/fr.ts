import type { repsEn } from './en';

export const repsFr: typeof repsEn = {
  resources: {
    reps: {
      name: 'Représentant |||| Représentants',
      fields: {
        name: 'Nom',
        email: 'E-mail',
        branch_id: 'Agence',
        client_count: 'Clients',
        sales_total: 'Ventes',
        q: 'Rechercher',
      },
    },
  },
  reps: {
    view: {
      own_title: 'Mes clients',
      inactive: 'Inactif',
      back: 'Mes clients',
      figures: 'Commandes en chiffres',
      orders_on_client_pages: 'Les commandes de chaque client figurent sur sa page.',
    },
    clients: {
      title: 'Clients',
      count: '%{smart_count} client |||| %{smart_count} clients',
      search: 'Rechercher des clients',
      none: 'Aucun client pour le moment.',
      none_found: 'Aucun client ne correspond à cette recherche.',
      create: 'Nouveau client',
      edit: 'Modifier le client',
      created: 'Client créé',
      saved: 'Client enregistré',
      new_order: 'Nouvelle commande',
      new_order_for: 'Nouvelle commande pour %{name}',
      fields: {
        name: 'Nom',
        type: 'Type',
        contact_name: 'Personne de contact',
        membership_status: 'Adhésion',
        order_count: 'Commandes',
        sales_total: 'Ventes',
        last_order_at: 'Dernière commande',
      },
    },
    links: {
      open: 'Associer des clients',
      title: 'Clients de %{name}',
      search: 'Rechercher parmi tous les clients',
      selected: '%{smart_count} client associé |||| %{smart_count} clients associés',
      save: 'Enregistrer les associations',
      saved: 'Associations de clients enregistrées',
    },
    orders: {
      title: 'Commandes de mes clients',
      of_client: 'Commandes',
      none: 'Aucune commande pour le moment.',
    },
  },
};
