import type { deliveriesEn } from './en';

/** Las pantallas de entregas: las entregas de un pedido, el diálogo "Nueva entrega" y la prueba de entrega en el teléfono. */
export const deliveriesEs: typeof deliveriesEn = {
  app: {
    pages: { delivery_proof: 'Prueba de entrega' },
  },
  deliveries: {
    title: 'Entregas',
    none: 'Todavía no hay entregas.',
    load_failed: 'No se pudieron cargar las entregas: %{message}',
    note_pdf: 'Albarán de entrega',
    picking_slip: 'Hoja de preparación',
    signed: 'Recibido por %{name} el %{at}',
    awaiting_proof: 'Pendiente de su prueba de entrega',
    proof_link: 'Prueba de entrega',
    fields: { courier: 'Mensajería', waybill: 'Guía de envío' },
    create: {
      open: 'Nueva entrega',
      title: 'Nueva entrega de %{reference}',
      hint: 'Cada línea puede enviar lo que tiene reservado: todo, una parte o 0 para dejar la línea.',
      reserved: '%{smart_count} reservada |||| %{smart_count} reservadas',
      optional: 'Opcional',
      submit: 'Crear la entrega',
      confirm_title: '¿Crear esta entrega?',
      confirm_content:
        'Las unidades de %{smart_count} línea salen del stock y se emite la factura de lo que sale. No se puede deshacer. |||| Las unidades de %{smart_count} líneas salen del stock y se emite la factura de lo que sale. No se puede deshacer.',
      done: 'Entrega %{number} creada',
    },
    proof: {
      heading: 'Prueba de entrega %{number}',
      order: 'Pedido %{reference}',
      signature: 'Firma de quien recibe',
      signature_hint: 'Firme en el recuadro con el dedo o el ratón.',
      clear: 'Borrar',
      signed_by: 'Nombre de quien recibe',
      signed_by_hint: 'Tal como lo dice quien recibe.',
      photo: 'Hacer una foto',
      photo_again: 'Hacer otra foto',
      photo_taken: 'Foto hecha (%{size} MB)',
      photo_remove: 'Quitar la foto',
      photo_hint: 'Opcional: la mercancía al entregarla (una foto grande se reduce a %{mb} MB como máximo).',
      photo_unusable: 'Esta foto no se puede usar: hágala de nuevo como JPEG de %{mb} MB como máximo.',
      position_asking: 'Buscando dónde está…',
      position_known: 'Posición guardada: %{lat}, %{lng}',
      position_none: 'No se conoce la posición (denegada o no disponible); la prueba se envía sin ella.',
      send: 'Enviar',
      sent: 'Se ha enviado la prueba de entrega de %{number}.',
      kept: 'Sin conexión: la prueba se guarda en este dispositivo y se enviará cuando vuelva la conexión.',
      offline_hint: 'Está sin conexión: Enviar guarda la prueba en este dispositivo hasta que vuelva la conexión.',
      waiting: 'Firmada por %{name} el %{at}: espera en este dispositivo para enviarse cuando vuelva la conexión.',
    },
  },
};
