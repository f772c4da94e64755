import type { courierEn } from './en';

/** Seguimiento del transportista: sus eventos en el pedido y en su página pública, y las plantillas de enlaces. */
export const courierEs: typeof courierEn = {
  courier: {
    tracking: {
      title: 'Seguimiento del envío',
      none: 'Aún no hay noticias del transportista.',
      follow: 'Seguir %{waybill} en el sitio del transportista',
      opens_elsewhere: '(abre el sitio del transportista)',
    },
    templates: {
      title: 'Enlaces de seguimiento de los transportistas',
      hint: 'La página de seguimiento de cada transportista, con {waybill} donde va la guía, p. ej. https://www.courier.example/track?waybill={waybill}. Los pedidos y su página pública de seguimiento enlazan entonces a ella.',
      courier: 'Transportista',
      url_template: 'Dirección de seguimiento',
      add: 'Añadir un transportista',
      remove: 'Quitar %{courier}',
      none: 'Ningún transportista tiene aún enlace de seguimiento.',
      save: 'Guardar enlaces de seguimiento',
      saved: 'Enlaces de seguimiento guardados',
    },
  },
};
