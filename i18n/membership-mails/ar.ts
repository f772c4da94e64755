import type { MembershipMails } from './en';

/** كلمات رسائل مسار العضوية. */
export const membershipMailsAr: MembershipMails = {
  requestReceived: {
    subject: 'طلب عضوية جديد: {name}',
    paragraphs: ['طلب {name} ({email}) الانضمام كعضو من نوع {type}.', 'جهة الاتصال: {contact_name}، {phone}.', 'الرسالة: {message}'],
    action: 'افتح طلبات العضوية',
  },
  completeMembership: {
    subject: 'أكمل عضويتك',
    paragraphs: [
      'مرحبًا {contact_name}،',
      'تمت الموافقة على طلب العضوية لـ {name}. افتح الرابط أدناه للإجابة عن بعض الأسئلة واختيار كلمة المرور. يعمل الرابط مرة واحدة ولمدة {days} يومًا.',
    ],
    action: 'أكمل عضويتك',
  },
  requestRejected: {
    subject: 'طلب العضوية الخاص بك',
    paragraphs: ['مرحبًا {contact_name}،', 'شكرًا لاهتمامك. لا يمكننا قبول طلب العضوية لـ {name} في الوقت الحالي.', 'السبب: {reason}'],
  },
  membershipCompleted: {
    subject: 'مرحبًا بك في بوابة الأعضاء',
    paragraphs: ['مرحبًا {contact_name}،', 'حسابك لـ {name} جاهز: سجّل الدخول باستخدام {email}. تصبح عضويتك نشطة بعد دفع رسومها.'],
    action: 'تسجيل الدخول',
  },
};
