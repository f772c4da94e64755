import type { repsEn } from './en';

export const repsZh: typeof repsEn = {
  resources: {
    reps: {
      name: '销售代表',
      fields: {
        name: '姓名',
        email: '电子邮件',
        branch_id: '分支机构',
        client_count: '客户数',
        sales_total: '销售额',
        q: '搜索',
      },
    },
  },
  reps: {
    view: {
      own_title: '我的客户',
      inactive: '未激活',
      back: '我的客户',
      figures: '订单数据',
      orders_on_client_pages: '每位客户的订单显示在其页面上。',
    },
    clients: {
      title: '客户',
      count: '%{smart_count} 位客户',
      search: '搜索客户',
      none: '暂无客户。',
      none_found: '没有符合此搜索的客户。',
      create: '新建客户',
      edit: '编辑客户',
      created: '客户已创建',
      saved: '客户已保存',
      new_order: '新建订单',
      new_order_for: '为 %{name} 新建订单',
      fields: {
        name: '名称',
        type: '类型',
        contact_name: '联系人',
        membership_status: '会员资格',
        order_count: '订单数',
        sales_total: '销售额',
        last_order_at: '最近订单',
      },
    },
    links: {
      open: '关联客户',
      title: '%{name} 的客户',
      search: '搜索全部客户',
      selected: '已关联 %{smart_count} 位客户',
      save: '保存关联',
      saved: '客户关联已保存',
    },
    orders: {
      title: '我的客户的订单',
      of_client: '订单',
      none: '暂无订单。',
    },
  },
};
