import type { courierEn } from './en';

/** تتبع شركة الشحن: أحداث الشحنة على الطلب وعلى صفحة تتبعه العامة، وقوالب روابط التتبع. */
export const courierAr: typeof courierEn = {
  courier: {
    tracking: {
      title: 'تتبع الشحنة',
      none: 'لا أخبار من شركة الشحن بعد.',
      follow: 'تتبع %{waybill} على موقع شركة الشحن',
      opens_elsewhere: '(يفتح موقع شركة الشحن)',
    },
    templates: {
      title: 'روابط تتبع شركات الشحن',
      hint: 'صفحة التتبع لكل شركة شحن، مع {waybill} في موضع رقم بوليصة الشحن، مثل https://www.courier.example/track?waybill={waybill}. عندها تربط الطلبات وصفحات تتبعها العامة بها.',
      courier: 'شركة الشحن',
      url_template: 'عنوان التتبع',
      add: 'إضافة شركة شحن',
      remove: 'إزالة %{courier}',
      none: 'لا توجد شركة شحن لها رابط تتبع بعد.',
      save: 'حفظ روابط التتبع',
      saved: 'تم حفظ روابط التتبع',
    },
  },
};
