/** Mensajes de la aplicación sin conexión (fusionados en i18n/es.ts). */
export const offlineEs = {
  offline: {
    banner: 'Está sin conexión. Las pantallas muestran lo que se cargó antes; los pedidos nuevos se guardan en este dispositivo y se envían cuando vuelva la conexión.',
    placed_offline: 'Sin conexión: el pedido se guarda en este dispositivo y se enviará cuando vuelva la conexión.',
    sent: 'El pedido %{reference} se ha enviado (esperaba en este dispositivo). Total: %{total}.',
    price_changed: 'El pedido %{reference} se ha enviado con los precios de hoy, que cambiaron desde que se hizo: %{changes}. Total: %{total}.',
    prices_offline: 'Sin conexión: el servidor pone los precios del pedido al enviarlo. Los precios mostrados son los últimos vistos.',
    needs_connection: 'Esto necesita conexión. Inténtelo de nuevo cuando vuelva a estar en línea.',
    proof_sent: 'Se ha enviado la prueba de entrega de %{number}, firmada por %{signed_by} (esperaba en este dispositivo).',
    waiting: {
      title: '%{smart_count} pedido pendiente de envío |||| %{smart_count} pedidos pendientes de envío',
      line: '%{client}: %{smart_count} línea, %{value} a los últimos precios vistos, hecho el %{placed} |||| %{client}: %{smart_count} líneas, %{value} a los últimos precios vistos, hecho el %{placed}',
      waiting: 'Pendiente de envío',
      refused: 'No aceptado: %{message}',
      discard: 'Descartar',
      discard_title: '¿Descartar este pedido?',
      discard_content: 'Se quita de este dispositivo y no se enviará.',
      title_with_proofs: '%{smart_count} elemento pendiente de envío |||| %{smart_count} elementos pendientes de envío',
      proof_line: 'Prueba de entrega de %{number} (pedido %{reference}), firmada por %{signed_by} el %{placed}',
      discard_proof_title: '¿Descartar esta prueba de entrega?',
    },
  },
};
