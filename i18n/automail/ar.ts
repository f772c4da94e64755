import type { automailEn } from './en';

/** البريد التلقائي واختيارات العضو للإشعارات. */
export const automailAr: typeof automailEn = {
  app: {
    menu: { automatic_mail: 'البريد التلقائي' },
    pages: { automatic_mail: 'البريد التلقائي' },
  },
  // The audit screen's name of the records this domain audits (switches, wording).
  audit: { entities: { automail: 'البريد التلقائي' } },
  automail: {
    intro: 'رسائل ترسلها البوابة من تلقاء نفسها عند وقوع حدث. تُرسل كل رسالة مرة واحدة لكل حدث، بلغة العضو.',
    kinds: {
      membership_welcome: 'الترحيب (العضوية نشطة)',
      renewal_30: 'تذكير بالتجديد قبل 30 يومًا',
      renewal_7: 'تذكير بالتجديد قبل 7 أيام',
      renewal_0: 'إشعار التجديد يوم الانتهاء',
      order_confirmation: 'تأكيد الطلب',
      order_status: 'تغيّر حالة الطلب',
    },
    column_kind: 'الرسالة',
    column_enabled: 'تُرسل',
    column_reworded: 'صياغة خاصة',
    default_wording: 'الصياغة الافتراضية',
    edit: 'تعديل الصياغة',
    switched_on: 'عادت رسالة «%{kind}» تُرسل.',
    switched_off: 'لم تعد رسالة «%{kind}» تُرسل.',
    editor_title: 'الصياغة: %{kind}',
    language: 'اللغة',
    subject: 'الموضوع',
    body: 'نص الرسالة',
    body_help: 'تُفصل الفقرات بسطر فارغ. العناصر النائبة: %{placeholders}',
    is_default: 'هذه هي الصياغة الافتراضية.',
    is_reworded: 'هذه صياغتك الخاصة؛ يعيد «استعادة الافتراضي» الصياغة الأصلية.',
    preview: 'معاينة',
    preview_title: 'المعاينة',
    save: 'حفظ الصياغة',
    saved: 'تم حفظ الصياغة.',
    reset: 'استعادة الافتراضي',
    reset_done: 'عادت الصياغة الافتراضية.',
    close: 'إغلاق',
  },
  notices: {
    title: 'إشعارات البريد الإلكتروني',
    intro: 'اختر الرسائل التي تصلك بشأن طلباتك وعضويتك. تصلك رسالة الترحيب والفواتير دائمًا.',
    order_confirmation: 'تأكيدات الطلبات',
    order_status: 'تغيّرات حالة الطلبات',
    renewal_reminders: 'تذكيرات تجديد العضوية',
    save: 'حفظ اختياراتي',
    saved: 'تم حفظ اختياراتك.',
  },
};
