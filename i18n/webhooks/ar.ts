import type { webhooksEn } from './en';

/** خطافات الويب الصادرة. */
export const webhooksAr: typeof webhooksEn = {
  app: {
    menu: { webhooks: 'خطافات الويب' },
    pages: { webhooks: 'خطافات الويب' },
  },
  resources: {
    webhooks: {
      name: 'عناوين استقبال خطافات الويب |||| عنوان استقبال خطاف ويب',
      fields: {
        url: 'العنوان (URL)',
        description: 'الوصف',
        events: 'الأحداث',
        active: 'مفعّل',
        created_at: 'تاريخ الإنشاء',
      },
    },
    'webhook-deliveries': {
      name: 'الإرسالات |||| إرسال',
      fields: {
        id: 'معرّف الإرسال',
        created_at: 'الوقت',
        event: 'الحدث',
        status: 'الحالة',
        attempts: 'المحاولات',
        response_status: 'آخر رد',
        duration_ms: 'المدة (ملي ثانية)',
      },
    },
  },
  webhooks: {
    empty: 'لا توجد عناوين استقبال بعد. أضف عنوانًا ليرسل البوابة أحداثها، موقّعة، إلى نظام آخر.',
    url_help: 'عنوان https:// يستقبل طلب POST موقّعًا لكل حدث. تُرفض عناوين الشبكات الخاصة والمحلية.',
    events_help: 'الأحداث التي تُرسل إلى هذا العنوان.',
    active_help: 'عند إيقافه لا تُرسل أي أحداث (يبقى زر الاختبار يعمل).',
    on: 'مفعّل',
    off: 'موقوف',
    events: {
      order_created: 'إنشاء طلب',
      order_status_changed: 'تغيّر حالة الطلب',
      client_created: 'إنشاء عضو',
      membership_activated: 'تفعيل العضوية',
      invoice_issued: 'إصدار فاتورة',
      payment_received: 'استلام دفعة',
      stock_low: 'انخفاض المخزون',
      delivery_dispatched: 'إرسال شحنة',
      delivery_delivered: 'تسليم شحنة (إثبات التسليم)',
      ping: 'اختبار (ping)',
    },
    statuses: {
      pending: 'في الانتظار',
      retrying: 'ستُعاد المحاولة',
      succeeded: 'تم التسليم',
      failed: 'فشل',
    },
    secret_title: 'سر التوقيع',
    secret_once:
      'انسخ هذا السر الآن: لن يظهر إلا هذه المرة. يتحقق المستقبِل من كل إرسال به: X-Portal-Signature هو HMAC-SHA256 لقيمة X-Portal-Timestamp ثم نقطة ثم نص الطلب.',
    copy: 'نسخ',
    copied: 'تم نسخ السر',
    copied_done: 'لقد نسخته',
    test: 'إرسال اختبار',
    test_sent: 'إرسال اختباري في الطريق: سيظهر في سجل الإرسالات.',
    rotate: 'سر جديد',
    rotate_title: 'استبدال سر التوقيع؟',
    rotate_confirm: 'يتوقف السر الحالي عن العمل فورًا: يجب تزويد المستقبِل بالسر الجديد.',
    deliveries: 'سجل الإرسالات',
    no_deliveries: 'لم يُرسل شيء إلى هذا العنوان بعد. أرسل اختبارًا لتجربته.',
    redeliver: 'إعادة الإرسال',
    redelivered: 'سيُعاد الإرسال بالمعرّف نفسه.',
  },
};
