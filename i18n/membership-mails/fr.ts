import type { MembershipMails } from './en';

/** Les mots des courriels du parcours d’adhésion. */
export const membershipMailsFr: MembershipMails = {
  requestReceived: {
    subject: 'Nouvelle demande d’adhésion : {name}',
    paragraphs: ['{name} ({email}) demande à devenir membre ({type}).', 'Contact : {contact_name}, {phone}.', 'Message : {message}'],
    action: 'Ouvrir les demandes d’adhésion',
  },
  completeMembership: {
    subject: 'Finalisez votre adhésion',
    paragraphs: [
      'Bonjour {contact_name},',
      'Votre demande d’adhésion pour {name} a été acceptée. Ouvrez le lien ci-dessous pour répondre à quelques questions et choisir votre mot de passe. Le lien fonctionne une fois, pendant {days} jours.',
    ],
    action: 'Finaliser mon adhésion',
  },
  requestRejected: {
    subject: 'Votre demande d’adhésion',
    paragraphs: [
      'Bonjour {contact_name},',
      'Merci de votre intérêt. Nous ne pouvons pas accepter la demande d’adhésion pour {name} pour le moment.',
      'Motif : {reason}',
    ],
  },
  membershipCompleted: {
    subject: 'Bienvenue sur le portail des membres',
    paragraphs: [
      'Bonjour {contact_name},',
      'Votre compte pour {name} est prêt : connectez-vous avec {email}. Votre adhésion devient active une fois la cotisation payée.',
    ],
    action: 'Me connecter',
  },
};
