import type { deliveriesEn } from './en';

/** Les écrans des livraisons : les livraisons d’une commande, la fenêtre « Nouvelle livraison » et la preuve de livraison sur le téléphone. */
export const deliveriesFr: typeof deliveriesEn = {
  app: {
    pages: { delivery_proof: 'Preuve de livraison' },
  },
  deliveries: {
    title: 'Livraisons',
    none: 'Aucune livraison pour l’instant.',
    load_failed: 'Les livraisons n’ont pas pu être chargées : %{message}',
    note_pdf: 'Bon de livraison',
    picking_slip: 'Bon de préparation',
    signed: 'Reçu par %{name} le %{at}',
    awaiting_proof: 'En attente de sa preuve de livraison',
    proof_link: 'Preuve de livraison',
    fields: { courier: 'Transporteur', waybill: 'Lettre de transport' },
    create: {
      open: 'Nouvelle livraison',
      title: 'Nouvelle livraison de %{reference}',
      hint: 'Chaque ligne peut envoyer ce qu’elle a de réservé : tout, une partie, ou 0 pour garder la ligne.',
      reserved: '%{smart_count} réservée |||| %{smart_count} réservées',
      optional: 'Facultatif',
      submit: 'Créer la livraison',
      confirm_title: 'Créer cette livraison ?',
      confirm_content:
        'Les unités de %{smart_count} ligne sortent du stock et la facture de ce qui part est émise. C’est irréversible. |||| Les unités de %{smart_count} lignes sortent du stock et la facture de ce qui part est émise. C’est irréversible.',
      done: 'Livraison %{number} créée',
    },
    proof: {
      heading: 'Preuve de livraison %{number}',
      order: 'Commande %{reference}',
      signature: 'Signature du destinataire',
      signature_hint: 'Signez dans le cadre avec le doigt ou la souris.',
      clear: 'Effacer',
      signed_by: 'Nom du destinataire',
      signed_by_hint: 'Tel que le destinataire le dit.',
      photo: 'Prendre une photo',
      photo_again: 'Prendre une autre photo',
      photo_taken: 'Photo prise (%{size} Mo)',
      photo_remove: 'Retirer la photo',
      photo_hint: 'Facultatif : la marchandise remise (une grande photo est réduite à %{mb} Mo au plus).',
      photo_unusable: 'Cette photo ne peut pas être utilisée : reprenez-la en JPEG de %{mb} Mo au plus.',
      position_asking: 'Recherche de votre position…',
      position_known: 'Position gardée : %{lat}, %{lng}',
      position_none: 'La position est inconnue (refusée ou indisponible) ; la preuve part sans elle.',
      send: 'Envoyer',
      sent: 'La preuve de livraison de %{number} a été envoyée.',
      kept: 'Pas de connexion : la preuve est gardée sur cet appareil et sera envoyée au retour de la connexion.',
      offline_hint: 'Vous êtes hors ligne : Envoyer garde la preuve sur cet appareil jusqu’au retour de la connexion.',
      waiting: 'Signée par %{name} le %{at} : attend sur cet appareil d’être envoyée au retour de la connexion.',
    },
  },
};
