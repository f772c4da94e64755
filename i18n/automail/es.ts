import type { automailEn } from './en';

/** Correo automático y avisos que elige el miembro. */
export const automailEs: typeof automailEn = {
  app: {
    menu: { automatic_mail: 'Correo automático' },
    pages: { automatic_mail: 'Correo automático' },
  },
  // The audit screen's name of the records this domain audits (switches, wording).
  audit: { entities: { automail: 'Correo automático' } },
  automail: {
    intro: 'Correos que el portal envía por sí mismo cuando ocurre algo. Cada uno sale una vez por evento, en el idioma del miembro.',
    kinds: {
      membership_welcome: 'Bienvenida (membresía activa)',
      renewal_30: 'Recordatorio de renovación, 30 días antes',
      renewal_7: 'Recordatorio de renovación, 7 días antes',
      renewal_0: 'Aviso de renovación, el día del vencimiento',
      order_confirmation: 'Confirmación de pedido',
      order_status: 'Cambio de estado del pedido',
    },
    column_kind: 'Correo',
    column_enabled: 'Se envía',
    column_reworded: 'Texto propio',
    default_wording: 'Texto predeterminado',
    edit: 'Editar texto',
    switched_on: '«%{kind}» vuelve a enviarse.',
    switched_off: '«%{kind}» ya no se envía.',
    editor_title: 'Texto: %{kind}',
    language: 'Idioma',
    subject: 'Asunto',
    body: 'Mensaje',
    body_help: 'Los párrafos se separan con una línea en blanco. Marcadores: %{placeholders}',
    is_default: 'Este es el texto predeterminado.',
    is_reworded: 'Este es su propio texto; «Restablecer el predeterminado» vuelve al original.',
    preview: 'Vista previa',
    preview_title: 'Vista previa',
    save: 'Guardar texto',
    saved: 'El texto se guardó.',
    reset: 'Restablecer el predeterminado',
    reset_done: 'Se restableció el texto predeterminado.',
    close: 'Cerrar',
  },
  notices: {
    title: 'Avisos por correo',
    intro: 'Elija qué correos recibe sobre sus pedidos y su membresía. El correo de bienvenida y las facturas llegan siempre.',
    order_confirmation: 'Confirmaciones de pedido',
    order_status: 'Cambios de estado de los pedidos',
    renewal_reminders: 'Recordatorios de renovación de la membresía',
    save: 'Guardar mis opciones',
    saved: 'Sus opciones se guardaron.',
  },
};
