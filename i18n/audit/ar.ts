import type { auditEn } from './en';

/** سجل التدقيق. */
export const auditAr: typeof auditEn = {
  app: {
    menu: { audit_log: 'سجل التدقيق' },
    pages: { audit_log: 'سجل التدقيق' },
  },
  resources: {
    'audit-log': {
      name: 'إدخال تدقيق |||| إدخالات التدقيق',
      fields: {
        at: 'متى',
        user_name: 'من',
        user: 'المستخدم (الاسم أو البريد)',
        action: 'الإجراء',
        entity: 'السجل',
        changes: 'الحقول المتغيرة',
        date_from: 'من تاريخ',
        date_to: 'إلى تاريخ',
      },
    },
  },
  audit: {
    empty: 'لم يُغيَّر شيء بعد: كل تغيير يُجرى في البوابة سيظهر هنا، مع من أجراه ومتى.',
    none: 'لا توجد إدخالات تطابق عوامل التصفية هذه.',
    public: 'عام (دون تسجيل دخول)',
    no_changes: 'لم تتغير أي قيمة.',
    changes_of: 'تغييرات الإدخال %{id}',
    field: 'الحقل',
    before: 'قبل',
    after: 'بعد',
    entities: {
      client: 'عضو',
      user: 'مستخدم',
      order: 'طلب',
      product: 'منتج',
      product_group: 'مجموعة منتجات',
      price_rule: 'قاعدة سعر',
      property: 'خاصية',
      lead: 'عميل محتمل',
      membership_question: 'سؤال العضوية',
      email_template: 'قالب بريد',
      mailing_list: 'قائمة مراسلة',
      mailing_send: 'إرسال قائمة',
      job: 'بريد في الطابور',
      banner: 'لافتة',
      branch: 'فرع',
      rep: 'مندوب',
      webhook_endpoint: 'عنوان استقبال خطاف ويب',
      mailing_settings: 'إعدادات البريد الجماعي',
    },
  },
};
