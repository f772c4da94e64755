import type { CommissionDocumentLabels } from './en';

/** 销售代表佣金结算单及其邮件的文字。 */
export const commissionDocumentsZh: CommissionDocumentLabels = {
  title: '佣金结算单',
  rep: '销售代表',
  month: '月份',
  status: '状态',
  closed_on: '结算于 %{date}',
  running: '本月进行中，尚未结算',
  summary: '摘要',
  target: '目标（不含增值税）',
  no_target: '无目标',
  paid_net: '已付款（不含增值税）',
  tier: '达到的佣金率',
  clawbacks: '追回',
  commission: '佣金',
  date: '日期',
  client: '客户',
  invoice: '发票',
  reference: '付款 / 贷记单',
  net: '净额',
  rate: '佣金率',
  payment: '付款',
  clawback: '追回',
  no_lines: '本月没有付款或贷记单。',
  mail_subject: '佣金结算单 %{month}',
  mail_body: '附件为您 %{month} 的佣金结算单（PDF）：佣金 %{commission}。',
};
