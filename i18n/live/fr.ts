export const liveFr = {
  live: {
    saved_elsewhere: "Quelqu'un d'autre a enregistré cette fiche après que vous l'avez ouverte. Rechargez-la pour voir ses modifications ; ce que vous avez saisi ici n'est pas encore enregistré.",
    reload: 'Recharger',
    stale_save: "Quelqu'un d'autre a enregistré cette fiche après que vous l'avez ouverte : votre enregistrement a été refusé et rien n'a été écrit. Rechargez-la pour voir ses modifications, puis refaites les vôtres.",
  },
};
