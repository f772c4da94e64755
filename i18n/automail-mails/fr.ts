import type { AutomailMails } from './en';

/** Les mots par défaut des courriels automatiques. */
export const automailMailsFr: AutomailMails = {
  membership_welcome: {
    subject: 'Votre adhésion est active',
    paragraphs: [
      'Bonjour {contact_name},',
      'L’adhésion de {name} est active depuis le {date}. Bienvenue : tout le portail vous est désormais ouvert.',
    ],
    action: 'Me connecter',
  },
  renewal_reminder: {
    subject: 'Votre adhésion se termine dans {days} jours',
    paragraphs: [
      'Bonjour {contact_name},',
      'L’adhésion de {name} se termine le {date}. Connectez-vous au portail pour la renouveler à temps.',
    ],
    action: 'Me connecter pour renouveler',
  },
  renewal_today: {
    subject: 'Votre adhésion se termine aujourd’hui',
    paragraphs: [
      'Bonjour {contact_name},',
      'L’adhésion de {name} se termine aujourd’hui, le {date}. Connectez-vous au portail pour la renouveler.',
    ],
    action: 'Me connecter pour renouveler',
  },
  order_confirmation: {
    subject: 'Nous avons reçu votre commande {reference}',
    paragraphs: [
      'Bonjour {contact_name},',
      'Merci : la commande {reference} de {name} est enregistrée, pour {total}. Nous vous informerons de chaque étape.',
    ],
    action: 'Suivre votre commande',
  },
  order_status: {
    subject: 'Commande {reference} : {status}',
    paragraphs: ['Bonjour {contact_name},', 'Votre commande {reference} est maintenant : {status}.'],
    action: 'Suivre votre commande',
  },
};
