import type { AuthMails } from './en';

/** Les mots des courriels de connexion : le lien pour choisir un nouveau mot de passe. */
export const authMailsFr: AuthMails = {
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe du portail des membres',
    paragraphs: [
      'Bonjour {name},',
      'Une réinitialisation du mot de passe de votre compte du portail des membres a été demandée. Le lien ci-dessous fonctionne une fois, pendant {hours} heures.',
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce courriel : votre mot de passe reste inchangé.',
    ],
    action: 'Choisir un nouveau mot de passe',
  },
};
