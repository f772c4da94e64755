import type { MembershipMails } from './en';

/** 会员申请流程邮件的文字。 */
export const membershipMailsZh: MembershipMails = {
  requestReceived: {
    subject: '新的会员申请：{name}',
    paragraphs: ['{name}（{email}）申请成为{type}会员。', '联系人：{contact_name}，{phone}。', '留言：{message}'],
    action: '打开会员申请',
  },
  completeMembership: {
    subject: '完成您的会员注册',
    paragraphs: ['{contact_name}，您好：', '{name} 的会员申请已获批准。请打开下面的链接，回答几个问题并设置密码。该链接仅可使用一次，有效期 {days} 天。'],
    action: '完成会员注册',
  },
  requestRejected: {
    subject: '您的会员申请',
    paragraphs: ['{contact_name}，您好：', '感谢您的关注。目前我们无法接受 {name} 的会员申请。', '原因：{reason}'],
  },
  membershipCompleted: {
    subject: '欢迎使用会员门户',
    paragraphs: ['{contact_name}，您好：', '{name} 的账户已就绪：请使用 {email} 登录。会费支付后，您的会员资格即生效。'],
    action: '登录',
  },
};
