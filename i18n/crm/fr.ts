import type { crmEn } from './en';

export const crmFr: typeof crmEn = {
  resources: {
    marketing: {
      name: 'Bannière |||| Bannières',
      fields: {
        title: 'Titre',
        image: 'Image',
        image_url: 'Image',
        link_url: 'Lien',
        active_from: 'Affichée à partir du',
        active_to: "Affichée jusqu'au",
        position: 'Position',
        active: 'Active',
        q: 'Rechercher',
        active_now: 'Affichée maintenant',
      },
    },
  },
  crm: {
    banners: {
      link_hint: "Facultatif : une adresse http(s) (ouverte dans un nouvel onglet) ou un chemin de ce portail, p. ex. /products",
      window_hint: 'Facultatif : laisser vide pour ne pas limiter',
      image_hint: 'PNG, JPEG, WebP ou GIF, 2 Mo au maximum',
      replace_hint: "Facultatif : une nouvelle image remplace l'image actuelle (PNG, JPEG, WebP ou GIF, 2 Mo au maximum)",
      current_image: 'Image actuelle',
      image_rejected: "Ce fichier n'a pas été accepté : utilisez une image PNG, JPEG, WebP ou GIF de 2 Mo au maximum",
      member_section: 'Actualités et offres',
      validation: {
        link_url: 'Utilisez une adresse http(s) ou un chemin de ce portail commençant par /',
        active_to: 'La fin ne peut pas précéder le début',
      },
    },
  },
};
