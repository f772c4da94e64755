/** Messages de l'application hors ligne (fusionnés dans i18n/fr.ts). */
export const offlineFr = {
  offline: {
    banner: 'Vous êtes hors ligne. Les écrans montrent ce qui a été chargé auparavant ; les nouvelles commandes sont gardées sur cet appareil et envoyées au retour de la connexion.',
    placed_offline: 'Pas de connexion : la commande est gardée sur cet appareil et sera envoyée au retour de la connexion.',
    sent: 'La commande %{reference} a été envoyée (elle attendait sur cet appareil). Total : %{total}.',
    price_changed: "La commande %{reference} a été envoyée et facturée aux prix du jour, qui ont changé depuis qu'elle a été passée : %{changes}. Total : %{total}.",
    prices_offline: 'Hors ligne : le serveur calcule les prix de la commande à son envoi. Les prix affichés sont les derniers vus.',
    needs_connection: 'Cette action demande une connexion. Réessayez une fois de retour en ligne.',
    proof_sent: 'La preuve de livraison de %{number}, signée par %{signed_by}, a été envoyée (elle attendait sur cet appareil).',
    waiting: {
      title: '%{smart_count} commande en attente d’envoi |||| %{smart_count} commandes en attente d’envoi',
      line: '%{client} : %{smart_count} ligne, %{value} aux derniers prix vus, passée le %{placed} |||| %{client} : %{smart_count} lignes, %{value} aux derniers prix vus, passée le %{placed}',
      waiting: 'En attente d’envoi',
      refused: 'Refusée : %{message}',
      discard: 'Abandonner',
      discard_title: 'Abandonner cette commande ?',
      discard_content: 'Elle est retirée de cet appareil et ne sera pas envoyée.',
      title_with_proofs: '%{smart_count} élément en attente d’envoi |||| %{smart_count} éléments en attente d’envoi',
      proof_line: 'Preuve de livraison de %{number} (commande %{reference}), signée par %{signed_by} le %{placed}',
      discard_proof_title: 'Abandonner cette preuve de livraison ?',
    },
  },
};
