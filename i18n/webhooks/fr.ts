import type { webhooksEn } from './en';

/** Webhooks sortants. */
export const webhooksFr: typeof webhooksEn = {
  app: {
    menu: { webhooks: 'Webhooks' },
    pages: { webhooks: 'Webhooks' },
  },
  resources: {
    webhooks: {
      name: 'Point de réception webhook |||| Points de réception webhook',
      fields: {
        url: 'Adresse (URL)',
        description: 'Description',
        events: 'Événements',
        active: 'Actif',
        created_at: 'Créé le',
      },
    },
    'webhook-deliveries': {
      name: 'Envoi |||| Envois',
      fields: {
        id: 'Identifiant de l’envoi',
        created_at: 'Quand',
        event: 'Événement',
        status: 'État',
        attempts: 'Essais',
        response_status: 'Dernière réponse',
        duration_ms: 'Durée (ms)',
      },
    },
  },
  webhooks: {
    empty: 'Aucun point de réception webhook pour l’instant. Ajoutez-en un pour que le portail envoie ses événements, signés, à un autre système.',
    url_help: 'Une adresse https:// qui reçoit un POST signé pour chaque événement. Les adresses de réseau privé ou local sont refusées.',
    events_help: 'Les événements envoyés à cette adresse.',
    active_help: 'Désactivé, aucun événement n’est envoyé (le bouton de test fonctionne toujours).',
    on: 'Actif',
    off: 'Désactivé',
    events: {
      order_created: 'Commande créée',
      order_status_changed: 'État de commande modifié',
      client_created: 'Membre créé',
      membership_activated: 'Adhésion activée',
      invoice_issued: 'Facture émise',
      payment_received: 'Paiement reçu',
      stock_low: 'Stock bas',
      delivery_dispatched: 'Marchandises expédiées (livraison)',
      delivery_delivered: 'Marchandises livrées (preuve de livraison)',
      ping: 'Test (ping)',
    },
    statuses: {
      pending: 'En attente',
      retrying: 'Nouvel essai prévu',
      succeeded: 'Remis',
      failed: 'Échec',
    },
    secret_title: 'Secret de signature',
    secret_once:
      'Copiez ce secret maintenant : il n’est affiché qu’une seule fois. Le destinataire vérifie chaque envoi avec lui : X-Portal-Signature est le HMAC-SHA256 de X-Portal-Timestamp, d’un point et du corps.',
    copy: 'Copier',
    copied: 'Secret copié',
    copied_done: 'Je l’ai copié',
    test: 'Envoyer un test',
    test_sent: 'Un envoi de test est en route : il apparaît dans le journal des envois.',
    rotate: 'Nouveau secret',
    rotate_title: 'Remplacer le secret de signature ?',
    rotate_confirm: 'Le secret actuel cesse de fonctionner immédiatement : le destinataire doit recevoir le nouveau.',
    deliveries: 'Journal des envois',
    no_deliveries: 'Rien n’a encore été envoyé à cette adresse. Envoyez un test pour l’essayer.',
    redeliver: 'Renvoyer',
    redelivered: 'L’envoi sera renvoyé, avec le même identifiant.',
  },
};
