import type { ordersEn } from './en';

export const ordersAr: typeof ordersEn = {
  orders: {
    comments: {
      title: 'التعليقات',
      new: 'تعليق جديد',
      add: 'إضافة تعليق',
      empty: 'لا توجد تعليقات بعد.',
      pages: 'صفحات التعليقات',
      load_failed: 'تعذر تحميل التعليقات.',
      save_failed: 'تعذر حفظ التعليق. حاول مرة أخرى.',
    },
  },
};
