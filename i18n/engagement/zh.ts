import type { engagementEn } from './en';

export const engagementZh: typeof engagementEn = {
  app: { pages: { send_report: '发送报告' } },
  engagement: {
    settings: {
      title: '邮件互动',
      tie: '将打开和点击关联到会员',
      tie_hint: '关闭：群发邮件只按发送和链接统计打开与点击次数，不知道是谁。开启：门户还会记录哪位会员打开了邮件或点击了链接——根据 POPIA 这属于个人信息，仅在确有需要且已告知会员时开启。',
      saved: '邮件互动设置已保存',
    },
    report: {
      open: '报告',
      open_label: '发送 %{id} 的报告',
      heading: '报告：%{name}',
      sent_to: '%{list} · %{subject}',
      figures: '数据',
      delivered: '已送达',
      bounced: '退信',
      opened: '已打开',
      clicked: '已点击',
      unsubscribed: '已退订',
      unique: '%{smart_count} 位会员',
      not_tied: '不记名统计：公司未将打开和点击关联到会员（公司设置）。',
      empty: '还没有人打开这封邮件或点击其中的链接。',
      chart_title: '每小时的打开和点击',
      chart_label: '每小时打开和点击的柱状图，从 %{from} 到 %{to}：共 %{opens} 次打开、%{clicks} 次点击。',
      bar: '%{time}：%{opens} 次打开，%{clicks} 次点击',
      opens: '打开',
      clicks: '点击',
      links_title: '链接',
      link: '链接',
      link_clicks: '点击',
      link_unique: '会员',
      no_links: '这封邮件没有可跟踪的链接。',
    },
  },
};
