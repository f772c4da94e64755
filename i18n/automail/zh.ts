import type { automailEn } from './en';

/** 自动邮件与会员的通知选择。 */
export const automailZh: typeof automailEn = {
  app: {
    menu: { automatic_mail: '自动邮件' },
    pages: { automatic_mail: '自动邮件' },
  },
  // The audit screen's name of the records this domain audits (switches, wording).
  audit: { entities: { automail: '自动邮件' } },
  automail: {
    intro: '门户在事件发生时自动发送的邮件。每个事件只发送一次，使用会员的语言。',
    kinds: {
      membership_welcome: '欢迎邮件（会员资格生效）',
      renewal_30: '续费提醒（到期前 30 天）',
      renewal_7: '续费提醒（到期前 7 天）',
      renewal_0: '续费通知（到期当天）',
      order_confirmation: '订单确认',
      order_status: '订单状态变更',
    },
    column_kind: '邮件',
    column_enabled: '发送',
    column_reworded: '自定义文本',
    default_wording: '默认文本',
    edit: '编辑文本',
    switched_on: '“%{kind}”已恢复发送。',
    switched_off: '“%{kind}”已停止发送。',
    editor_title: '文本：%{kind}',
    language: '语言',
    subject: '主题',
    body: '正文',
    body_help: '段落之间用空行分隔。占位符：%{placeholders}',
    is_default: '这是默认文本。',
    is_reworded: '这是您的自定义文本；“恢复默认”可还原原始文本。',
    preview: '预览',
    preview_title: '预览',
    save: '保存文本',
    saved: '文本已保存。',
    reset: '恢复默认',
    reset_done: '已恢复默认文本。',
    close: '关闭',
  },
  notices: {
    title: '邮件通知',
    intro: '选择您希望收到的有关订单和会员资格的邮件。欢迎邮件和发票始终会发送。',
    order_confirmation: '订单确认',
    order_status: '订单状态变更',
    renewal_reminders: '会员续费提醒',
    save: '保存我的选择',
    saved: '您的选择已保存。',
  },
};
