import type { AuthMails } from './en';

/** Las palabras de los correos de acceso: el enlace para elegir una nueva contraseña. */
export const authMailsEs: AuthMails = {
  passwordReset: {
    subject: 'Restablezca su contraseña del Portal de Miembros',
    paragraphs: [
      'Hola, {name}:',
      'Se solicitó restablecer la contraseña de su cuenta del Portal de Miembros. El enlace de abajo funciona una vez, durante {hours} horas.',
      'Si no lo solicitó, ignore este correo: su contraseña no cambia.',
    ],
    action: 'Elegir una nueva contraseña',
  },
};
