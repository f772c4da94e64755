import type { ordersEn } from './en';

export const ordersFr: typeof ordersEn = {
  orders: {
    comments: {
      title: 'Commentaires',
      new: 'Nouveau commentaire',
      add: 'Ajouter un commentaire',
      empty: 'Aucun commentaire pour le moment.',
      pages: 'Pages de commentaires',
      load_failed: 'Les commentaires n’ont pas pu être chargés.',
      save_failed: 'Le commentaire n’a pas pu être enregistré. Réessayez.',
    },
  },
};
