import type { crmEn } from './en';

export const crmEs: typeof crmEn = {
  resources: {
    marketing: {
      name: 'Banner |||| Banners',
      fields: {
        title: 'Título',
        image: 'Imagen',
        image_url: 'Imagen',
        link_url: 'Enlace',
        active_from: 'Visible desde',
        active_to: 'Visible hasta',
        position: 'Posición',
        active: 'Activo',
        q: 'Buscar',
        active_now: 'Visible ahora',
      },
    },
  },
  crm: {
    banners: {
      link_hint: 'Opcional: una dirección http(s) (se abre en una pestaña nueva) o una ruta de este portal, p. ej. /products',
      window_hint: 'Opcional: déjelo vacío para no poner límite',
      image_hint: 'PNG, JPEG, WebP o GIF, de 2 MB como máximo',
      replace_hint: 'Opcional: una imagen nueva sustituye a la actual (PNG, JPEG, WebP o GIF, de 2 MB como máximo)',
      current_image: 'Imagen actual',
      image_rejected: 'No se aceptó ese archivo: use una imagen PNG, JPEG, WebP o GIF de 2 MB como máximo',
      member_section: 'Novedades y ofertas',
      validation: {
        link_url: 'Use una dirección http(s) o una ruta de este portal que empiece por /',
        active_to: 'El final no puede ser anterior al inicio',
      },
    },
  },
};
