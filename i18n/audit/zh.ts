import type { auditEn } from './en';

/** 审计日志. */
export const auditZh: typeof auditEn = {
  app: {
    menu: { audit_log: '审计日志' },
    pages: { audit_log: '审计日志' },
  },
  resources: {
    'audit-log': {
      name: '审计记录 |||| 审计记录',
      fields: {
        at: '时间',
        user_name: '操作人',
        user: '用户（姓名或邮箱）',
        action: '操作',
        entity: '记录',
        changes: '变更字段数',
        date_from: '起始日期',
        date_to: '截止日期',
      },
    },
  },
  audit: {
    empty: '尚无任何更改：门户中的每次更改都会列在这里，并注明由谁在何时进行。',
    none: '没有符合这些筛选条件的审计记录。',
    public: '公开（未登录）',
    no_changes: '没有字段值变化。',
    changes_of: '记录 %{id} 的变更',
    field: '字段',
    before: '之前',
    after: '之后',
    entities: {
      client: '会员',
      user: '用户',
      order: '订单',
      product: '产品',
      product_group: '产品组',
      price_rule: '价格规则',
      property: '属性',
      lead: '潜在客户',
      membership_question: '会员问题',
      email_template: '邮件模板',
      mailing_list: '邮件列表',
      mailing_send: '列表发送',
      job: '排队邮件',
      banner: '横幅',
      branch: '分店',
      rep: '代表',
      webhook_endpoint: 'Webhook 接收地址',
      mailing_settings: '群发邮件设置',
    },
  },
};
