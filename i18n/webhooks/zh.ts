import type { webhooksEn } from './en';

/** 外发 Webhook. */
export const webhooksZh: typeof webhooksEn = {
  app: {
    menu: { webhooks: 'Webhook' },
    pages: { webhooks: 'Webhook' },
  },
  resources: {
    webhooks: {
      name: 'Webhook 接收地址 |||| Webhook 接收地址',
      fields: {
        url: '地址（URL）',
        description: '说明',
        events: '事件',
        active: '启用',
        created_at: '创建时间',
      },
    },
    'webhook-deliveries': {
      name: '投递 |||| 投递',
      fields: {
        id: '投递编号',
        created_at: '时间',
        event: '事件',
        status: '状态',
        attempts: '尝试次数',
        response_status: '最近一次响应',
        duration_ms: '耗时（毫秒）',
      },
    },
  },
  webhooks: {
    empty: '还没有 Webhook 接收地址。添加一个，门户就会把事件签名后发送到另一个系统。',
    url_help: '一个 https:// 地址，每个事件都会收到一个签名的 POST 请求。私有网络和本地地址会被拒绝。',
    events_help: '发送到此地址的事件。',
    active_help: '关闭后不发送任何事件（测试按钮仍可使用）。',
    on: '已启用',
    off: '已关闭',
    events: {
      order_created: '订单已创建',
      order_status_changed: '订单状态已更改',
      client_created: '会员已创建',
      membership_activated: '会员资格已激活',
      invoice_issued: '发票已开具',
      payment_received: '已收到付款',
      stock_low: '库存不足',
      delivery_dispatched: '货物已发出（交付）',
      delivery_delivered: '货物已送达（签收凭证）',
      ping: '测试（ping）',
    },
    statuses: {
      pending: '等待中',
      retrying: '将重试',
      succeeded: '已送达',
      failed: '失败',
    },
    secret_title: '签名密钥',
    secret_once: '请立即复制此密钥：它只显示这一次。接收方用它校验每次投递：X-Portal-Signature 是 X-Portal-Timestamp、一个句点和请求正文的 HMAC-SHA256。',
    copy: '复制',
    copied: '密钥已复制',
    copied_done: '我已复制',
    test: '发送测试',
    test_sent: '测试投递已发出：它会出现在投递日志中。',
    rotate: '新密钥',
    rotate_title: '更换签名密钥？',
    rotate_confirm: '当前密钥会立即失效：必须把新密钥交给接收方。',
    deliveries: '投递日志',
    no_deliveries: '还没有向此地址发送过任何内容。发送一次测试来试试。',
    redeliver: '重新发送',
    redelivered: '将以相同编号重新发送。',
  },
};
