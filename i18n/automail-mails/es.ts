import type { AutomailMails } from './en';

/** Las palabras por defecto de los correos automáticos. */
export const automailMailsEs: AutomailMails = {
  membership_welcome: {
    subject: 'Su membresía está activa',
    paragraphs: [
      'Hola, {contact_name}:',
      'La membresía de {name} está activa desde el {date}. Bienvenido: todo el portal está ahora a su disposición.',
    ],
    action: 'Iniciar sesión',
  },
  renewal_reminder: {
    subject: 'Su membresía termina en {days} días',
    paragraphs: ['Hola, {contact_name}:', 'La membresía de {name} termina el {date}. Inicie sesión en el portal para renovarla a tiempo.'],
    action: 'Iniciar sesión para renovar',
  },
  renewal_today: {
    subject: 'Su membresía termina hoy',
    paragraphs: ['Hola, {contact_name}:', 'La membresía de {name} termina hoy, {date}. Inicie sesión en el portal para renovarla.'],
    action: 'Iniciar sesión para renovar',
  },
  order_confirmation: {
    subject: 'Hemos recibido su pedido {reference}',
    paragraphs: ['Hola, {contact_name}:', 'Gracias: el pedido {reference} de {name} se registró por {total}. Le avisaremos de cada paso.'],
    action: 'Seguir su pedido',
  },
  order_status: {
    subject: 'Pedido {reference}: {status}',
    paragraphs: ['Hola, {contact_name}:', 'Su pedido {reference} está ahora: {status}.'],
    action: 'Seguir su pedido',
  },
};
