/** رسائل التطبيق دون اتصال (تُدمج في i18n/ar.ts). */
export const offlineAr = {
  offline: {
    banner: 'أنت غير متصل. تعرض الشاشات ما حُمّل من قبل، وتُحفظ الطلبات الجديدة على هذا الجهاز وتُرسل عند عودة الاتصال.',
    placed_offline: 'لا يوجد اتصال: حُفظ الطلب على هذا الجهاز وسيُرسل عند عودة الاتصال.',
    sent: 'أُرسل الطلب %{reference} (كان ينتظر على هذا الجهاز). الإجمالي: %{total}.',
    price_changed: 'أُرسل الطلب %{reference} وسُعّر بأسعار اليوم، وقد تغيّرت منذ إنشائه: %{changes}. الإجمالي: %{total}.',
    prices_offline: 'دون اتصال: يسعّر الخادم الطلب عند إرساله. الأسعار المعروضة هي آخر ما شوهد.',
    needs_connection: 'يحتاج هذا إلى اتصال. حاول مرة أخرى عند عودة الاتصال.',
    proof_sent: 'أُرسل إثبات تسليم %{number} الذي وقّعه %{signed_by} (كان بانتظار الإرسال على هذا الجهاز).',
    waiting: {
      title: 'عدد الطلبات بانتظار الإرسال: %{smart_count}',
      line: '%{client}: عدد الأسطر %{smart_count}، %{value} بآخر الأسعار المعروضة، أُنشئ في %{placed}',
      waiting: 'بانتظار الإرسال',
      refused: 'لم يُقبل: %{message}',
      discard: 'تجاهل',
      discard_title: 'تجاهل هذا الطلب؟',
      discard_content: 'سيُحذف من هذا الجهاز ولن يُرسل.',
      title_with_proofs: 'بانتظار الإرسال: %{smart_count}',
      proof_line: 'إثبات تسليم %{number} (الطلب %{reference})، وقّعه %{signed_by} في %{placed}',
      discard_proof_title: 'تجاهل إثبات التسليم هذا؟',
    },
  },
};
