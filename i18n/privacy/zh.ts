import type { privacyEn } from './en';

export const privacyZh: typeof privacyEn = {
  app: {
    menu: { erasure_requests: '删除请求' },
    pages: { erasure_requests: '删除请求' },
  },
  resources: {
    'erasure-requests': {
      name: '删除请求 |||| 删除请求',
      fields: {
        requested_at: '申请时间',
        client_name: '会员',
        requested_by_name: '申请人',
        status: '状态',
        decided_at: '决定时间',
        decline_reason: '拒绝原因',
        reason: '原因（会员可见）',
      },
    },
  },
  privacy: {
    title: '您的数据',
    title_admin: '个人数据（POPIA）',
    intro: '下载门户保存的有关您会员资格的全部数据，或申请删除您的个人数据。按照税法要求，订单和税务发票保留五年。',
    intro_admin: '下载保存的有关该会员的全部数据，或登记会员通过其他方式提出的删除请求。',
    download: '下载我的数据',
    erasure: {
      request: '申请删除',
      record: '登记删除请求',
      confirm_title: '删除个人数据？',
      confirm: '公司批准后，您的姓名、联系方式和登录将被永久删除，您将无法再使用门户。按照税法要求，订单和税务发票保留五年。',
      confirm_admin: '该请求将在删除请求列表中等待批准。批准后个人数据将被永久删除。',
      requested: '您的删除请求已发送',
      state: {
        pending: '已于 %{requested} 申请删除：等待决定。',
        approved: '已于 %{decided} 删除。',
        declined: '%{requested} 提出的删除请求已于 %{decided} 被拒绝。',
      },
      reason: '原因：',
      statuses: { pending: '等待中', approved: '已删除', declined: '已拒绝' },
      approve: '批准并删除',
      approve_title: '删除该会员？',
      approve_content: '该会员的姓名、联系方式、用户登录、潜在客户、邮件列表成员资格和邮件记录将立即删除且无法恢复。其订单和已开具的税务单据将保留。',
      approved: '该会员已被删除',
      decline: '拒绝',
      decline_title: '拒绝删除请求',
      declined: '请求已被拒绝',
      none: '暂无删除请求。',
      none_match: '没有符合条件的删除请求。',
    },
  },
};
