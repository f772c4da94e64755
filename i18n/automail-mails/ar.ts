import type { AutomailMails } from './en';

/** الكلمات الافتراضية للرسائل التلقائية. */
export const automailMailsAr: AutomailMails = {
  membership_welcome: {
    subject: 'عضويتك نشطة الآن',
    paragraphs: ['مرحبًا {contact_name}،', 'عضوية {name} نشطة اعتبارًا من {date}. مرحبًا بك: كل ما في البوابة متاح لك الآن.'],
    action: 'تسجيل الدخول',
  },
  renewal_reminder: {
    subject: 'تنتهي عضويتك خلال {days} يومًا',
    paragraphs: ['مرحبًا {contact_name}،', 'تنتهي عضوية {name} في {date}. سجّل الدخول إلى البوابة لتجديدها في الوقت المناسب.'],
    action: 'سجّل الدخول للتجديد',
  },
  renewal_today: {
    subject: 'تنتهي عضويتك اليوم',
    paragraphs: ['مرحبًا {contact_name}،', 'تنتهي عضوية {name} اليوم، {date}. سجّل الدخول إلى البوابة لتجديدها.'],
    action: 'سجّل الدخول للتجديد',
  },
  order_confirmation: {
    subject: 'استلمنا طلبك {reference}',
    paragraphs: ['مرحبًا {contact_name}،', 'شكرًا لك: تم تقديم الطلب {reference} لـ {name} بمبلغ {total}. سنخبرك بكل تقدّم فيه.'],
    action: 'تابع طلبك',
  },
  order_status: {
    subject: 'الطلب {reference}: {status}',
    paragraphs: ['مرحبًا {contact_name}،', 'حالة طلبك {reference} الآن: {status}.'],
    action: 'تابع طلبك',
  },
};
