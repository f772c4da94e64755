import type { auditEn } from './en';

/** Le journal d’audit. */
export const auditFr: typeof auditEn = {
  app: {
    menu: { audit_log: 'Journal d’audit' },
    pages: { audit_log: 'Journal d’audit' },
  },
  resources: {
    'audit-log': {
      name: 'Entrée d’audit |||| Entrées d’audit',
      fields: {
        at: 'Quand',
        user_name: 'Qui',
        user: 'Utilisateur (nom ou e-mail)',
        action: 'Action',
        entity: 'Enregistrement',
        changes: 'Champs modifiés',
        date_from: 'Du',
        date_to: 'Au',
      },
    },
  },
  audit: {
    empty: 'Rien n’a encore été modifié : chaque modification faite dans le portail apparaîtra ici, avec son auteur et sa date.',
    none: 'Aucune entrée ne correspond à ces filtres.',
    public: 'Public (non connecté)',
    no_changes: 'Aucune valeur de champ modifiée.',
    changes_of: 'Modifications de l’entrée %{id}',
    field: 'Champ',
    before: 'Avant',
    after: 'Après',
    entities: {
      client: 'Membre',
      user: 'Utilisateur',
      order: 'Commande',
      product: 'Produit',
      product_group: 'Groupe de produits',
      price_rule: 'Règle de prix',
      property: 'Propriété',
      lead: 'Prospect',
      membership_question: 'Question d’adhésion',
      email_template: 'Modèle d’e-mail',
      mailing_list: 'Liste de diffusion',
      mailing_send: 'Envoi de liste',
      job: 'E-mail en file',
      banner: 'Bannière',
      branch: 'Succursale',
      rep: 'Représentant',
      webhook_endpoint: 'Point de réception webhook',
      mailing_settings: 'Réglages des envois',
    },
  },
};
