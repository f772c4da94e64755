import type { webhooksEn } from './en';

/** Webhooks salientes. */
export const webhooksEs: typeof webhooksEn = {
  app: {
    menu: { webhooks: 'Webhooks' },
    pages: { webhooks: 'Webhooks' },
  },
  resources: {
    webhooks: {
      name: 'Punto de recepción de webhook |||| Puntos de recepción de webhook',
      fields: {
        url: 'Dirección (URL)',
        description: 'Descripción',
        events: 'Eventos',
        active: 'Activo',
        created_at: 'Creado',
      },
    },
    'webhook-deliveries': {
      name: 'Envío |||| Envíos',
      fields: {
        id: 'Id. del envío',
        created_at: 'Cuándo',
        event: 'Evento',
        status: 'Estado',
        attempts: 'Intentos',
        response_status: 'Última respuesta',
        duration_ms: 'Tiempo (ms)',
      },
    },
  },
  webhooks: {
    empty: 'Todavía no hay puntos de recepción de webhooks. Añada uno para que el portal envíe sus eventos, firmados, a otro sistema.',
    url_help: 'Una dirección https:// que recibe un POST firmado por cada evento. Se rechazan las direcciones de redes privadas o locales.',
    events_help: 'Los eventos que se envían a esta dirección.',
    active_help: 'Desactivado, no se envía ningún evento (el botón de prueba sigue funcionando).',
    on: 'Activo',
    off: 'Desactivado',
    events: {
      order_created: 'Pedido creado',
      order_status_changed: 'Estado del pedido cambiado',
      client_created: 'Miembro creado',
      membership_activated: 'Membresía activada',
      invoice_issued: 'Factura emitida',
      payment_received: 'Pago recibido',
      stock_low: 'Existencias bajas',
      delivery_dispatched: 'Mercancía enviada (entrega)',
      delivery_delivered: 'Mercancía entregada (prueba de entrega)',
      ping: 'Prueba (ping)',
    },
    statuses: {
      pending: 'En espera',
      retrying: 'Se reintentará',
      succeeded: 'Entregado',
      failed: 'Fallido',
    },
    secret_title: 'Secreto de firma',
    secret_once:
      'Copie este secreto ahora: solo se muestra esta vez. El receptor comprueba cada envío con él: X-Portal-Signature es el HMAC-SHA256 de X-Portal-Timestamp, un punto y el cuerpo.',
    copy: 'Copiar',
    copied: 'Secreto copiado',
    copied_done: 'Ya lo he copiado',
    test: 'Enviar prueba',
    test_sent: 'Un envío de prueba está en camino: aparecerá en el registro de envíos.',
    rotate: 'Nuevo secreto',
    rotate_title: '¿Reemplazar el secreto de firma?',
    rotate_confirm: 'El secreto actual deja de funcionar de inmediato: el receptor debe recibir el nuevo.',
    deliveries: 'Registro de envíos',
    no_deliveries: 'Todavía no se ha enviado nada a esta dirección. Envíe una prueba para probarla.',
    redeliver: 'Enviar de nuevo',
    redelivered: 'El envío se enviará de nuevo, con el mismo id.',
  },
};
