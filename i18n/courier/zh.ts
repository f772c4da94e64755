import type { courierEn } from './en';

/** 快递跟踪：订单及其公开跟踪页上的快递事件，以及各快递公司的跟踪链接模板。 */
export const courierZh: typeof courierEn = {
  courier: {
    tracking: {
      title: '快递跟踪',
      none: '快递公司暂无消息。',
      follow: '在快递公司网站上跟踪 %{waybill}',
      opens_elsewhere: '（打开快递公司网站）',
    },
    templates: {
      title: '快递跟踪链接',
      hint: '每家快递公司的跟踪页面，运单号的位置写 {waybill}，例如 https://www.courier.example/track?waybill={waybill}。订单及其公开跟踪页随后会链接到该页面。',
      courier: '快递公司',
      url_template: '跟踪地址',
      add: '添加快递公司',
      remove: '移除 %{courier}',
      none: '还没有快递公司设置跟踪链接。',
      save: '保存跟踪链接',
      saved: '跟踪链接已保存',
    },
  },
};
