import type { privacyEn } from './en';

export const privacyEs: typeof privacyEn = {
  app: {
    menu: { erasure_requests: 'Solicitudes de supresión' },
    pages: { erasure_requests: 'Solicitudes de supresión' },
  },
  resources: {
    'erasure-requests': {
      name: 'Solicitud de supresión |||| Solicitudes de supresión',
      fields: {
        requested_at: 'Solicitada',
        client_name: 'Miembro',
        requested_by_name: 'Solicitada por',
        status: 'Estado',
        decided_at: 'Decidida',
        decline_reason: 'Motivo del rechazo',
        reason: 'Motivo (se muestra al miembro)',
      },
    },
  },
  privacy: {
    title: 'Sus datos',
    title_admin: 'Datos personales (POPIA)',
    intro: 'Descargue todo lo que el portal guarda sobre su membresía o pida que se supriman sus datos personales. Los pedidos y las facturas fiscales se conservan cinco años, como exige la ley tributaria.',
    intro_admin: 'Descargue todo lo que se guarda sobre este miembro o registre una solicitud de supresión que el miembro hizo por otro medio.',
    download: 'Descargar mis datos',
    erasure: {
      request: 'Pedir la supresión',
      record: 'Registrar una solicitud de supresión',
      confirm_title: '¿Suprimir los datos personales?',
      confirm:
        'En cuanto la empresa lo apruebe, sus nombres, datos de contacto y acceso se eliminan para siempre y ya no podrá usar el portal. Los pedidos y las facturas fiscales se conservan cinco años, como exige la ley tributaria.',
      confirm_admin: 'La solicitud espera su aprobación entre las solicitudes de supresión. Aprobarla elimina los datos personales para siempre.',
      requested: 'Su solicitud de supresión se ha enviado',
      state: {
        pending: 'Supresión solicitada el %{requested}: pendiente de decisión.',
        approved: 'Suprimido el %{decided}.',
        declined: 'La solicitud de supresión del %{requested} se rechazó el %{decided}.',
      },
      reason: 'Motivo:',
      statuses: { pending: 'Pendiente', approved: 'Suprimido', declined: 'Rechazada' },
      approve: 'Aprobar y suprimir',
      approve_title: '¿Suprimir este miembro?',
      approve_content:
        'Los nombres, datos de contacto, accesos de los usuarios, prospectos, listas de correo y registros de envío del miembro se eliminan al instante y no se pueden recuperar. Sus pedidos y documentos fiscales emitidos se conservan.',
      approved: 'El miembro ha sido suprimido',
      decline: 'Rechazar',
      decline_title: 'Rechazar la solicitud de supresión',
      declined: 'La solicitud se ha rechazado',
      none: 'Todavía no hay solicitudes de supresión.',
      none_match: 'Ninguna solicitud de supresión coincide.',
    },
  },
};
