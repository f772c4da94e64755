import type { crmEn } from './en';

export const crmAr: typeof crmEn = {
  resources: {
    marketing: {
      name: 'اللافتات |||| لافتة',
      fields: {
        title: 'العنوان',
        image: 'الصورة',
        image_url: 'الصورة',
        link_url: 'الرابط',
        active_from: 'تُعرض من',
        active_to: 'تُعرض حتى',
        position: 'الترتيب',
        active: 'نشطة',
        q: 'بحث',
        active_now: 'معروضة الآن',
      },
    },
  },
  crm: {
    banners: {
      link_hint: 'اختياري: عنوان http(s) (يُفتح في علامة تبويب جديدة) أو مسار في هذه البوابة، مثل /products',
      window_hint: 'اختياري: اتركه فارغًا لعدم وضع حد',
      image_hint: 'صورة PNG أو JPEG أو WebP أو GIF، بحجم أقصاه 2 ميغابايت',
      replace_hint: 'اختياري: تحل الصورة الجديدة محل الصورة الحالية (PNG أو JPEG أو WebP أو GIF، بحجم أقصاه 2 ميغابايت)',
      current_image: 'الصورة الحالية',
      image_rejected: 'لم يُقبل هذا الملف: استخدم صورة PNG أو JPEG أو WebP أو GIF لا يزيد حجمها على 2 ميغابايت',
      member_section: 'الأخبار والعروض',
      validation: {
        link_url: 'استخدم عنوان http(s) أو مسارًا في هذه البوابة يبدأ بـ /',
        active_to: 'يجب ألا تسبق النهاية البداية',
      },
    },
  },
};
