import type { engagementEn } from './en';

export const engagementFr: typeof engagementEn = {
  app: { pages: { send_report: 'Rapport d’envoi' } },
  engagement: {
    settings: {
      title: 'Engagement du courrier',
      tie: 'Relier ouvertures et clics aux membres',
      tie_hint:
        'Désactivé : le courrier de campagne compte les ouvertures et les clics par envoi et par lien seulement, sans savoir qui. Activé : le portail enregistre aussi quel membre a ouvert un courrier ou cliqué un lien — une information personnelle au sens de la POPIA ; ne l’activez que si vous en avez besoin et que vos membres en sont informés.',
      saved: 'Réglage d’engagement du courrier enregistré',
    },
    report: {
      open: 'Rapport',
      open_label: 'Rapport de l’envoi %{id}',
      heading: 'Rapport : %{name}',
      sent_to: '%{list} · %{subject}',
      figures: 'Chiffres',
      delivered: 'Remis',
      bounced: 'Rejetés',
      opened: 'Ouverts',
      clicked: 'Cliqués',
      unsubscribed: 'Désabonnés',
      unique: '%{smart_count} membre |||| %{smart_count} membres',
      not_tied: 'Comptés sans noms : l’entreprise ne relie pas les ouvertures et les clics aux membres (réglages de l’entreprise).',
      empty: 'Personne n’a encore ouvert ce courrier ni cliqué sur l’un de ses liens.',
      chart_title: 'Ouvertures et clics par heure',
      opened_total: '%{smart_count} ouverture au total |||| %{smart_count} ouvertures au total',
      clicked_total: '%{smart_count} clic au total |||| %{smart_count} clics au total',
      opened_hits: 'ouvertures au total : un membre qui l’ouvre deux fois compte deux fois',
      clicked_hits: 'clics au total : un membre qui clique deux fois compte deux fois',
      axis_hour: 'Heure',
      axis_count: 'Nombre d’ouvertures et de clics',
      opens: 'Ouvertures',
      clicks: 'Clics',
      links_title: 'Liens',
      link: 'Lien',
      link_clicks: 'Clics',
      link_unique: 'Membres',
      no_links: 'Ce courrier n’avait aucun lien à suivre.',
    },
  },
};
