import type { automailEn } from './en';

/** Courriels automatiques et choix des avis du membre. */
export const automailFr: typeof automailEn = {
  app: {
    menu: { automatic_mail: 'Courriels automatiques' },
    pages: { automatic_mail: 'Courriels automatiques' },
  },
  // The audit screen's name of the records this domain audits (switches, wording).
  audit: { entities: { automail: 'Courriel automatique' } },
  automail: {
    intro: 'Les courriels que le portail envoie de lui-même quand un événement survient. Chacun part une fois par événement, dans la langue du membre.',
    kinds: {
      membership_welcome: 'Bienvenue (adhésion active)',
      renewal_30: 'Rappel de renouvellement, 30 jours avant',
      renewal_7: 'Rappel de renouvellement, 7 jours avant',
      renewal_0: 'Avis de renouvellement, le jour de l’échéance',
      order_confirmation: 'Confirmation de commande',
      order_status: 'Changement de statut de commande',
    },
    column_kind: 'Courriel',
    column_enabled: 'Envoyé',
    column_reworded: 'Texte personnalisé',
    default_wording: 'Texte par défaut',
    edit: 'Modifier le texte',
    switched_on: '« %{kind} » est de nouveau envoyé.',
    switched_off: '« %{kind} » n’est plus envoyé.',
    editor_title: 'Texte : %{kind}',
    language: 'Langue',
    subject: 'Objet',
    body: 'Message',
    body_help: 'Les paragraphes sont séparés par une ligne vide. Variables : %{placeholders}',
    is_default: 'C’est le texte par défaut.',
    is_reworded: 'C’est votre texte ; « Rétablir le texte par défaut » le remplace par celui d’origine.',
    preview: 'Aperçu',
    preview_title: 'Aperçu',
    save: 'Enregistrer le texte',
    saved: 'Le texte est enregistré.',
    reset: 'Rétablir le texte par défaut',
    reset_done: 'Le texte par défaut est rétabli.',
    close: 'Fermer',
  },
  notices: {
    title: 'Avis par courriel',
    intro: 'Choisissez les courriels que vous recevez au sujet de vos commandes et de votre adhésion. Le courriel de bienvenue et les factures arrivent toujours.',
    order_confirmation: 'Confirmations de commande',
    order_status: 'Changements de statut des commandes',
    renewal_reminders: 'Rappels de renouvellement de l’adhésion',
    save: 'Enregistrer mes choix',
    saved: 'Vos choix sont enregistrés.',
  },
};
