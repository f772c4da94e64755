import type { courierEn } from './en';

/** Suivi du transporteur : ses événements sur la commande et sur sa page publique, et les modèles de liens. */
export const courierFr: typeof courierEn = {
  courier: {
    tracking: {
      title: 'Suivi du colis',
      none: 'Pas encore de nouvelles du transporteur.',
      follow: 'Suivre %{waybill} sur le site du transporteur',
      opens_elsewhere: '(ouvre le site du transporteur)',
    },
    templates: {
      title: 'Liens de suivi des transporteurs',
      hint: 'La page de suivi de chaque transporteur, avec {waybill} à la place du numéro de lettre de transport, p. ex. https://www.courier.example/track?waybill={waybill}. Les commandes et leur page publique de suivi y renvoient alors.',
      courier: 'Transporteur',
      url_template: 'Adresse de suivi',
      add: 'Ajouter un transporteur',
      remove: 'Retirer %{courier}',
      none: 'Aucun transporteur n’a encore de lien de suivi.',
      save: 'Enregistrer les liens de suivi',
      saved: 'Liens de suivi enregistrés',
    },
  },
};
