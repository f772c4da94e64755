import type { engagementEn } from './en';

export const engagementAr: typeof engagementEn = {
  app: { pages: { send_report: 'تقرير الإرسال' } },
  engagement: {
    settings: {
      title: 'التفاعل مع البريد',
      tie: 'ربط الفتح والنقرات بالأعضاء',
      tie_hint:
        'عند الإيقاف: يحصي بريد الحملات مرات الفتح والنقر لكل إرسال ولكل رابط فقط، دون معرفة من قام بها. عند التشغيل: يسجل البوابة أيضًا أي عضو فتح رسالة أو نقر على رابط — وهذه معلومات شخصية بموجب قانون POPIA، فلا تشغّله إلا عند الحاجة وبعد إبلاغ الأعضاء.',
      saved: 'تم حفظ إعداد التفاعل مع البريد',
    },
    report: {
      open: 'التقرير',
      open_label: 'التقرير: الإرسال %{id}',
      heading: 'التقرير: %{name}',
      sent_to: '%{list} · %{subject}',
      figures: 'الأرقام',
      delivered: 'تم التسليم',
      bounced: 'مرتد',
      opened: 'تم الفتح',
      clicked: 'تم النقر',
      unsubscribed: 'ألغوا الاشتراك',
      unique: 'عدد الأعضاء: %{smart_count}',
      not_tied: 'محسوبة دون أسماء: لا تربط الشركة الفتح والنقرات بالأعضاء (إعدادات الشركة).',
      empty: 'لم يفتح أحد هذه الرسالة ولم ينقر على أي من روابطها بعد.',
      chart_title: 'الفتح والنقرات لكل ساعة',
      opened_total: 'إجمالي مرات الفتح: %{smart_count}',
      clicked_total: 'إجمالي النقرات: %{smart_count}',
      opened_hits: 'إجمالي مرات الفتح: العضو الذي يفتحها مرتين يُحسب مرتين',
      clicked_hits: 'إجمالي النقرات: العضو الذي ينقر مرتين يُحسب مرتين',
      axis_hour: 'الساعة',
      axis_count: 'عدد مرات الفتح والنقرات',
      opens: 'الفتح',
      clicks: 'النقرات',
      links_title: 'الروابط',
      link: 'الرابط',
      link_clicks: 'النقرات',
      link_unique: 'الأعضاء',
      no_links: 'لم تحتوِ هذه الرسالة على روابط للتتبع.',
    },
  },
};
