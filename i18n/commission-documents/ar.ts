import type { CommissionDocumentLabels } from './en';

/** كلمات كشف عمولات المندوب والبريد الذي يحمله. */
export const commissionDocumentsAr: CommissionDocumentLabels = {
  title: 'كشف العمولات',
  rep: 'المندوب',
  month: 'الشهر',
  status: 'الحالة',
  closed_on: 'أُغلق في %{date}',
  running: 'الشهر الجاري، غير مغلق',
  summary: 'الملخص',
  target: 'الهدف (دون ضريبة القيمة المضافة)',
  no_target: 'لا هدف',
  paid_net: 'المدفوع (دون ضريبة القيمة المضافة)',
  tier: 'النسبة المحققة',
  clawbacks: 'الاستردادات',
  commission: 'العمولة',
  date: 'التاريخ',
  client: 'العميل',
  invoice: 'الفاتورة',
  reference: 'الدفعة / الإشعار الدائن',
  net: 'الصافي',
  rate: 'النسبة',
  payment: 'دفعة',
  clawback: 'استرداد',
  no_lines: 'لا دفعات ولا إشعارات دائنة هذا الشهر.',
  mail_subject: 'كشف العمولات %{month}',
  mail_body: 'مرفق كشف عمولاتك لشهر %{month} بصيغة PDF: عمولة قدرها %{commission}.',
};
