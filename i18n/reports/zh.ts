import type { reportsEn } from './en';

/** 销售分析页面。 */
export const reportsZh: typeof reportsEn = {
  app: {
    menu: { sales_analytics: '销售分析' },
    pages: { sales_analytics: '销售分析' },
  },
  reports: {
    period_from: '开始',
    period_to: '结束',
    backwards: '期间的结束日不能早于开始日',
    compare: '对比',
    compare_none: '不对比',
    compare_previous: '上一期间',
    compare_last_year: '去年同期',
    group_by: '分组方式',
    groupings: {
      month: '月份',
      week: '周',
      product: '产品',
      product_group: '产品组',
      client: '客户',
      client_type: '客户类型',
      rep: '销售代表',
      branch: '分支机构',
    },
    by_grouping: '按%{grouping}统计的销售额（不含增值税）',
    top_products: '畅销产品（不含增值税）',
    top_clients: '主要客户（不含增值税）',
    this_period: '本期间',
    compare_period: '对比期间',
    totals: '合计',
    others: '其他',
    none: '无',
    no_sales: '此期间没有销售。',
    export_csv: '导出 CSV',
    columns: {
      label: '名称',
      quantity: '数量',
      net: '净额',
      vat: '增值税',
      total: '总额',
      documents: '单据',
      compare_net: '净额（对比）',
    },
    client_types: { stockist: '经销商', individual: '个人', admin: '公司' },
  },
};
