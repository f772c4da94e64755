import type { MembershipMails } from './en';

/** Las palabras de los correos del proceso de membresía. */
export const membershipMailsEs: MembershipMails = {
  requestReceived: {
    subject: 'Nueva solicitud de membresía: {name}',
    paragraphs: ['{name} ({email}) solicitó ser miembro de tipo {type}.', 'Contacto: {contact_name}, {phone}.', 'Mensaje: {message}'],
    action: 'Abrir las solicitudes de membresía',
  },
  completeMembership: {
    subject: 'Complete su membresía',
    paragraphs: [
      'Hola, {contact_name}:',
      'Su solicitud de membresía para {name} fue aprobada. Abra el enlace para responder unas preguntas y elegir su contraseña. El enlace funciona una vez, durante {days} días.',
    ],
    action: 'Completar la membresía',
  },
  requestRejected: {
    subject: 'Su solicitud de membresía',
    paragraphs: [
      'Hola, {contact_name}:',
      'Gracias por su interés. En este momento no podemos aceptar la solicitud de membresía para {name}.',
      'Motivo: {reason}',
    ],
  },
  membershipCompleted: {
    subject: 'Bienvenido al Portal de Miembros',
    paragraphs: [
      'Hola, {contact_name}:',
      'Su cuenta para {name} está lista: inicie sesión con {email}. Su membresía se activa cuando se pague la cuota.',
    ],
    action: 'Iniciar sesión',
  },
};
