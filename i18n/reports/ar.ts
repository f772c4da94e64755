import type { reportsEn } from './en';

/** شاشة تحليلات المبيعات. */
export const reportsAr: typeof reportsEn = {
  app: {
    menu: { sales_analytics: 'تحليلات المبيعات' },
    pages: { sales_analytics: 'تحليلات المبيعات' },
  },
  reports: {
    period_from: 'من',
    period_to: 'إلى',
    backwards: 'يجب أن تنتهي الفترة في يوم بدايتها أو بعده',
    compare: 'قارن مع',
    compare_none: 'لا شيء',
    compare_previous: 'الفترة السابقة',
    compare_last_year: 'الفترة نفسها من العام الماضي',
    group_by: 'التجميع حسب',
    groupings: {
      month: 'الشهر',
      week: 'الأسبوع',
      product: 'المنتج',
      product_group: 'مجموعة المنتجات',
      client: 'العميل',
      client_type: 'نوع العميل',
      rep: 'المندوب',
      branch: 'الفرع',
    },
    by_grouping: 'المبيعات حسب %{grouping} (دون ضريبة القيمة المضافة)',
    top_products: 'أعلى المنتجات مبيعًا (دون ضريبة القيمة المضافة)',
    top_clients: 'أكبر العملاء (دون ضريبة القيمة المضافة)',
    this_period: 'هذه الفترة',
    compare_period: 'فترة المقارنة',
    totals: 'الإجمالي',
    others: 'أخرى',
    none: 'لا يوجد',
    no_sales: 'لا مبيعات في هذه الفترة.',
    export_csv: 'تصدير CSV',
    columns: {
      label: 'الاسم',
      quantity: 'الكمية',
      net: 'الصافي',
      vat: 'ضريبة القيمة المضافة',
      total: 'الإجمالي',
      documents: 'المستندات',
      compare_net: 'الصافي، للمقارنة',
    },
    client_types: { stockist: 'موزّع', individual: 'فرد', admin: 'الشركة' },
  },
};
