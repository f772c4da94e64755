import type { engagementEn } from './en';

export const engagementEs: typeof engagementEn = {
  app: { pages: { send_report: 'Informe del envío' } },
  engagement: {
    settings: {
      title: 'Interacción con el correo',
      tie: 'Vincular aperturas y clics a los miembros',
      tie_hint:
        'Desactivado: el correo de campaña cuenta aperturas y clics por envío y por enlace, sin saber quién. Activado: el portal registra también qué miembro abrió un correo o hizo clic en un enlace; es información personal según la POPIA, así que actívelo solo si lo necesita y sus miembros están informados.',
      saved: 'Ajuste de interacción con el correo guardado',
    },
    report: {
      open: 'Informe',
      open_label: 'Informe del envío %{id}',
      heading: 'Informe: %{name}',
      sent_to: '%{list} · %{subject}',
      figures: 'Cifras',
      delivered: 'Entregados',
      bounced: 'Rebotados',
      opened: 'Abiertos',
      clicked: 'Con clics',
      unsubscribed: 'Bajas',
      unique: '%{smart_count} miembro |||| %{smart_count} miembros',
      not_tied: 'Contado sin nombres: la empresa no vincula aperturas y clics a los miembros (ajustes de la empresa).',
      empty: 'Nadie ha abierto este correo ni hecho clic en sus enlaces todavía.',
      chart_title: 'Aperturas y clics por hora',
      opened_total: '%{smart_count} apertura en total |||| %{smart_count} aperturas en total',
      clicked_total: '%{smart_count} clic en total |||| %{smart_count} clics en total',
      opened_hits: 'aperturas en total: un miembro que la abre dos veces cuenta dos veces',
      clicked_hits: 'clics en total: un miembro que hace clic dos veces cuenta dos veces',
      axis_hour: 'Hora',
      axis_count: 'Número de aperturas y clics',
      opens: 'Aperturas',
      clicks: 'Clics',
      links_title: 'Enlaces',
      link: 'Enlace',
      link_clicks: 'Clics',
      link_unique: 'Miembros',
      no_links: 'Este correo no tenía enlaces que seguir.',
    },
  },
};
