import type { privacyEn } from './en';

export const privacyFr: typeof privacyEn = {
  app: {
    menu: { erasure_requests: "Demandes d'effacement" },
    pages: { erasure_requests: "Demandes d'effacement" },
  },
  resources: {
    'erasure-requests': {
      name: "Demande d'effacement |||| Demandes d'effacement",
      fields: {
        requested_at: 'Demandée le',
        client_name: 'Membre',
        requested_by_name: 'Demandée par',
        status: 'Statut',
        decided_at: 'Décidée le',
        decline_reason: 'Motif du refus',
        reason: 'Motif (montré au membre)',
      },
    },
  },
  privacy: {
    title: 'Vos données',
    title_admin: 'Données personnelles (POPIA)',
    intro: "Téléchargez tout ce que le portail conserve sur votre adhésion, ou demandez l'effacement de vos données personnelles. Les commandes et factures fiscales sont conservées cinq ans, comme l'exige la loi fiscale.",
    intro_admin: "Téléchargez tout ce qui est conservé sur ce membre, ou enregistrez une demande d'effacement qu'il a faite par un autre moyen.",
    download: 'Télécharger mes données',
    erasure: {
      request: "Demander l'effacement",
      record: "Enregistrer une demande d'effacement",
      confirm_title: 'Effacer les données personnelles ?',
      confirm:
        "Dès que l'entreprise approuve, vos noms, coordonnées et accès sont supprimés définitivement et vous ne pouvez plus utiliser le portail. Les commandes et factures fiscales restent cinq ans, comme l'exige la loi fiscale.",
      confirm_admin: "La demande attend son approbation parmi les demandes d'effacement. L'approuver supprime définitivement les données personnelles.",
      requested: "Votre demande d'effacement a été envoyée",
      state: {
        pending: 'Effacement demandé le %{requested} : en attente de décision.',
        approved: 'Effacé le %{decided}.',
        declined: "La demande d'effacement du %{requested} a été refusée le %{decided}.",
      },
      reason: 'Motif :',
      statuses: { pending: 'En attente', approved: 'Effacé', declined: 'Refusée' },
      approve: 'Approuver et effacer',
      approve_title: 'Effacer ce membre ?',
      approve_content:
        "Les noms, coordonnées, accès des utilisateurs, prospects, abonnements aux listes et traces d'envoi du membre sont supprimés aussitôt et ne peuvent être restaurés. Ses commandes et documents fiscaux émis restent.",
      approved: 'Le membre a été effacé',
      decline: 'Refuser',
      decline_title: "Refuser la demande d'effacement",
      declined: 'La demande a été refusée',
      none: "Aucune demande d'effacement pour l'instant.",
      none_match: "Aucune demande d'effacement ne correspond.",
    },
  },
};
