import type { AuthMails } from './en';

/** 登录相关邮件的文字：设置新密码的链接。 */
export const authMailsZh: AuthMails = {
  passwordReset: {
    subject: '重置您的会员门户密码',
    paragraphs: [
      '{name}，您好：',
      '有人请求重置您会员门户账户的密码。下面的链接仅可使用一次，有效期 {hours} 小时。',
      '如果这不是您本人的请求，请忽略此邮件：您的密码不会改变。',
    ],
    action: '设置新密码',
  },
};
