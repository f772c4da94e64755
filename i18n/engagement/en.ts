import { engagementShellEn } from './en.shell';

/** The messages of engagement with campaign mail: the send's report and the company setting. */
export const engagementEn = {
  app: engagementShellEn,
  engagement: {
    settings: {
      title: 'Mail engagement',
      tie: 'Tie opens and clicks to members',
      tie_hint:
        'Off: campaign mail counts opens and link clicks per send and per link only, without knowing who. On: the portal also records which member opened a mail or clicked a link — personal information under POPIA, so only turn it on when you need it and your members were told.',
      saved: 'Mail engagement setting saved',
    },
    report: {
      open: 'Report',
      open_label: 'Report of send %{id}',
      heading: 'Report: %{name}',
      sent_to: '%{list} · %{subject}',
      figures: 'Figures',
      delivered: 'Delivered',
      bounced: 'Bounced',
      opened: 'Opened',
      clicked: 'Clicked',
      unsubscribed: 'Unsubscribed',
      unique: '%{smart_count} member |||| %{smart_count} members',
      not_tied: 'Counted without names: the company does not tie opens and clicks to members (company settings).',
      empty: 'Nobody has opened this mail or clicked one of its links yet.',
      chart_title: 'Opens and clicks by hour',
      opened_total: '%{smart_count} open in total |||| %{smart_count} opens in total',
      clicked_total: '%{smart_count} click in total |||| %{smart_count} clicks in total',
      opened_hits: 'opens in total: a member who opens it twice counts twice',
      clicked_hits: 'clicks in total: a member who clicks twice counts twice',
      axis_hour: 'Hour',
      axis_count: 'Number of opens and clicks',
      opens: 'Opens',
      clicks: 'Clicks',
      links_title: 'Links',
      link: 'Link',
      link_clicks: 'Clicks',
      link_unique: 'Members',
      no_links: 'This mail had no links to track.',
    },
  },
};
