import type { ordersEn } from './en';

export const ordersEs: typeof ordersEn = {
  orders: {
    comments: {
      title: 'Comentarios',
      new: 'Nuevo comentario',
      add: 'Añadir comentario',
      empty: 'Todavía no hay comentarios.',
      pages: 'Páginas de comentarios',
      load_failed: 'No se pudieron cargar los comentarios.',
      save_failed: 'No se pudo guardar el comentario. Inténtelo de nuevo.',
    },
  },
};
