import type { privacyEn } from './en';

export const privacyAr: typeof privacyEn = {
  app: {
    menu: { erasure_requests: 'طلبات المحو' },
    pages: { erasure_requests: 'طلبات المحو' },
  },
  resources: {
    'erasure-requests': {
      name: 'طلبات المحو |||| طلب محو',
      fields: {
        requested_at: 'تاريخ الطلب',
        client_name: 'العضو',
        requested_by_name: 'مقدّم الطلب',
        status: 'الحالة',
        decided_at: 'تاريخ القرار',
        decline_reason: 'سبب الرفض',
        reason: 'السبب (يُعرض على العضو)',
      },
    },
  },
  privacy: {
    title: 'بياناتك',
    title_admin: 'البيانات الشخصية (POPIA)',
    intro: 'نزّل كل ما تحتفظ به البوابة عن عضويتك، أو اطلب محو بياناتك الشخصية. تُحفظ الطلبات والفواتير الضريبية خمس سنوات كما يقتضي قانون الضرائب.',
    intro_admin: 'نزّل كل ما هو محفوظ عن هذا العضو، أو سجّل طلب محو قدّمه العضو بطريقة أخرى.',
    download: 'تنزيل بياناتي',
    erasure: {
      request: 'طلب المحو',
      record: 'تسجيل طلب محو',
      confirm_title: 'محو البيانات الشخصية؟',
      confirm:
        'بمجرد موافقة الشركة تُحذف أسماؤك وبيانات الاتصال وتسجيل الدخول نهائيًا ولن تتمكن من استخدام البوابة. تبقى الطلبات والفواتير الضريبية خمس سنوات كما يقتضي قانون الضرائب.',
      confirm_admin: 'ينتظر الطلب الموافقة في قائمة طلبات المحو. الموافقة عليه تحذف البيانات الشخصية نهائيًا.',
      requested: 'أُرسل طلب المحو',
      state: {
        pending: 'طُلب المحو في %{requested}: بانتظار القرار.',
        approved: 'مُحي في %{decided}.',
        declined: 'رُفض طلب المحو المقدّم في %{requested} بتاريخ %{decided}.',
      },
      reason: 'السبب:',
      statuses: { pending: 'قيد الانتظار', approved: 'ممحو', declined: 'مرفوض' },
      approve: 'الموافقة والمحو',
      approve_title: 'محو هذا العضو؟',
      approve_content:
        'تُحذف فورًا أسماء العضو وبيانات الاتصال وتسجيل دخول المستخدمين والعملاء المحتملون وعضويات القوائم وسجلات البريد، ولا يمكن استرجاعها. تبقى طلباته والمستندات الضريبية الصادرة.',
      approved: 'مُحي العضو',
      decline: 'رفض',
      decline_title: 'رفض طلب المحو',
      declined: 'رُفض الطلب',
      none: 'لا توجد طلبات محو بعد.',
      none_match: 'لا توجد طلبات محو مطابقة.',
    },
  },
};
