/**
 * The words of the sign-in mails the server sends (server/modules/auth/service.ts): the link to
 * choose a new password, in the user's language. English is the reference: every language has
 * exactly these messages, with the same `{name}` placeholders, which the server fills in
 * (server/mail/templates.ts).
 */
export const authMailsEn = {
  passwordReset: {
    subject: 'Reset your Members Portal password',
    paragraphs: [
      'Hello {name},',
      'Someone asked to reset the password of your Members Portal account. The link below works once, for {hours} hours.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    action: 'Choose a new password',
  },
};

export type AuthMails = typeof authMailsEn;
