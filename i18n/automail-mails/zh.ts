import type { AutomailMails } from './en';

/** 自动邮件的默认文字。 */
export const automailMailsZh: AutomailMails = {
  membership_welcome: {
    subject: '您的会员资格已生效',
    paragraphs: ['{contact_name}，您好：', '{name} 的会员资格自 {date} 起生效。欢迎您：门户的全部功能现已向您开放。'],
    action: '登录',
  },
  renewal_reminder: {
    subject: '您的会员资格将在 {days} 天后到期',
    paragraphs: ['{contact_name}，您好：', '{name} 的会员资格将于 {date} 到期。请登录门户网站及时续费。'],
    action: '登录续费',
  },
  renewal_today: {
    subject: '您的会员资格今天到期',
    paragraphs: ['{contact_name}，您好：', '{name} 的会员资格于今天（{date}）到期。请登录门户网站续费。'],
    action: '登录续费',
  },
  order_confirmation: {
    subject: '我们已收到您的订单 {reference}',
    paragraphs: ['{contact_name}，您好：', '谢谢：{name} 的订单 {reference} 已提交，金额 {total}。订单每有进展我们都会通知您。'],
    action: '跟踪您的订单',
  },
  order_status: {
    subject: '订单 {reference}：{status}',
    paragraphs: ['{contact_name}，您好：', '您的订单 {reference} 当前状态：{status}。'],
    action: '跟踪您的订单',
  },
};
