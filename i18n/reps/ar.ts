import type { repsEn } from './en';

/** Plural messages put the count-neutral form first (see i18n/ar.ts). */
export const repsAr: typeof repsEn = {
  resources: {
    reps: {
      name: 'المندوبون |||| مندوب',
      fields: {
        name: 'الاسم',
        email: 'البريد الإلكتروني',
        branch_id: 'الفرع',
        client_count: 'العملاء',
        sales_total: 'المبيعات',
        q: 'بحث',
      },
    },
  },
  reps: {
    view: {
      own_title: 'عملائي',
      inactive: 'غير نشط',
      back: 'عملائي',
      figures: 'الطلبات بالأرقام',
      orders_on_client_pages: 'تظهر طلبات كل عميل في صفحته.',
    },
    clients: {
      title: 'العملاء',
      count: 'عدد العملاء: %{smart_count} |||| عميل واحد',
      search: 'البحث في العملاء',
      none: 'لا يوجد عملاء حتى الآن.',
      none_found: 'لا يوجد عميل يطابق هذا البحث.',
      create: 'عميل جديد',
      edit: 'تعديل العميل',
      created: 'تم إنشاء العميل',
      saved: 'تم حفظ العميل',
      new_order: 'طلب جديد',
      new_order_for: 'طلب جديد لـ %{name}',
      fields: {
        name: 'الاسم',
        type: 'النوع',
        contact_name: 'جهة الاتصال',
        membership_status: 'العضوية',
        order_count: 'الطلبات',
        sales_total: 'المبيعات',
        last_order_at: 'آخر طلب',
      },
    },
    links: {
      open: 'ربط العملاء',
      title: 'عملاء %{name}',
      search: 'البحث في جميع العملاء',
      selected: 'عدد العملاء المرتبطين: %{smart_count} |||| عميل واحد مرتبط',
      save: 'حفظ الروابط',
      saved: 'تم حفظ روابط العملاء',
    },
    orders: {
      title: 'طلبات عملائي',
      of_client: 'الطلبات',
      none: 'لا توجد طلبات حتى الآن.',
    },
  },
};
