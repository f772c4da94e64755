import { type Catalogue, type MailLocale, type RenderedMail, renderTemplate } from '../../../mail/templates';

// The mail languages and the renderer are the mail layer's (server/mail/templates.ts), shared with
// the automatic mails; the membership flow's callers keep importing them from here.
export { type Catalogue, type MailLocale, type RenderedMail, type Template, isMailLocale, mailLocaleOf, mailLocales, renderTemplate } from '../../../mail/templates';

/** The admin is told a request came in (admins have no stored language: English). */
const requestReceived: Catalogue = {
  en: {
    subject: 'New member request: {name}',
    paragraphs: ['{name} ({email}) asked to become a {type} member.', 'Contact: {contact_name}, {phone}.', 'Message: {message}'],
    action: 'Open the member requests',
  },
  ar: {
    subject: 'طلب عضوية جديد: {name}',
    paragraphs: ['طلب {name} ({email}) الانضمام كعضو من نوع {type}.', 'جهة الاتصال: {contact_name}، {phone}.', 'الرسالة: {message}'],
    action: 'افتح طلبات العضوية',
  },
  es: {
    subject: 'Nueva solicitud de membresía: {name}',
    paragraphs: ['{name} ({email}) solicitó ser miembro de tipo {type}.', 'Contacto: {contact_name}, {phone}.', 'Mensaje: {message}'],
    action: 'Abrir las solicitudes de membresía',
  },
  fr: {
    subject: 'Nouvelle demande d’adhésion : {name}',
    paragraphs: ['{name} ({email}) demande à devenir membre ({type}).', 'Contact : {contact_name}, {phone}.', 'Message : {message}'],
    action: 'Ouvrir les demandes d’adhésion',
  },
  zh: {
    subject: '新的会员申请：{name}',
    paragraphs: ['{name}（{email}）申请成为{type}会员。', '联系人：{contact_name}，{phone}。', '留言：{message}'],
    action: '打开会员申请',
  },
};

/** The approved member's link to complete the membership. */
const completeMembership: Catalogue = {
  en: {
    subject: 'Complete your membership',
    paragraphs: [
      'Hello {contact_name},',
      'Your membership request for {name} was approved. Open the link below to answer a few questions and choose your password. The link works once, for {days} days.',
    ],
    action: 'Complete your membership',
  },
  ar: {
    subject: 'أكمل عضويتك',
    paragraphs: [
      'مرحبًا {contact_name}،',
      'تمت الموافقة على طلب العضوية لـ {name}. افتح الرابط أدناه للإجابة عن بعض الأسئلة واختيار كلمة المرور. يعمل الرابط مرة واحدة ولمدة {days} يومًا.',
    ],
    action: 'أكمل عضويتك',
  },
  es: {
    subject: 'Complete su membresía',
    paragraphs: [
      'Hola, {contact_name}:',
      'Su solicitud de membresía para {name} fue aprobada. Abra el enlace para responder unas preguntas y elegir su contraseña. El enlace funciona una vez, durante {days} días.',
    ],
    action: 'Completar la membresía',
  },
  fr: {
    subject: 'Finalisez votre adhésion',
    paragraphs: [
      'Bonjour {contact_name},',
      'Votre demande d’adhésion pour {name} a été acceptée. Ouvrez le lien ci-dessous pour répondre à quelques questions et choisir votre mot de passe. Le lien fonctionne une fois, pendant {days} jours.',
    ],
    action: 'Finaliser mon adhésion',
  },
  zh: {
    subject: '完成您的会员注册',
    paragraphs: ['{contact_name}，您好：', '{name} 的会员申请已获批准。请打开下面的链接，回答几个问题并设置密码。该链接仅可使用一次，有效期 {days} 天。'],
    action: '完成会员注册',
  },
};

/** A rejected request, with the admin's reason. */
const requestRejected: Catalogue = {
  en: {
    subject: 'Your membership request',
    paragraphs: ['Hello {contact_name},', 'Thank you for your interest. We cannot accept the membership request for {name} at this time.', 'Reason: {reason}'],
  },
  ar: {
    subject: 'طلب العضوية الخاص بك',
    paragraphs: ['مرحبًا {contact_name}،', 'شكرًا لاهتمامك. لا يمكننا قبول طلب العضوية لـ {name} في الوقت الحالي.', 'السبب: {reason}'],
  },
  es: {
    subject: 'Su solicitud de membresía',
    paragraphs: ['Hola, {contact_name}:', 'Gracias por su interés. En este momento no podemos aceptar la solicitud de membresía para {name}.', 'Motivo: {reason}'],
  },
  fr: {
    subject: 'Votre demande d’adhésion',
    paragraphs: ['Bonjour {contact_name},', 'Merci de votre intérêt. Nous ne pouvons pas accepter la demande d’adhésion pour {name} pour le moment.', 'Motif : {reason}'],
  },
  zh: {
    subject: '您的会员申请',
    paragraphs: ['{contact_name}，您好：', '感谢您的关注。目前我们无法接受 {name} 的会员申请。', '原因：{reason}'],
  },
};

/** The member finished the completion page: what happens next. */
const membershipCompleted: Catalogue = {
  en: {
    subject: 'Welcome to the Members Portal',
    paragraphs: ['Hello {contact_name},', 'Your account for {name} is ready: sign in with {email}. Your membership becomes active once its fee is paid.'],
    action: 'Sign in',
  },
  ar: {
    subject: 'مرحبًا بك في بوابة الأعضاء',
    paragraphs: ['مرحبًا {contact_name}،', 'حسابك لـ {name} جاهز: سجّل الدخول باستخدام {email}. تصبح عضويتك نشطة بعد دفع رسومها.'],
    action: 'تسجيل الدخول',
  },
  es: {
    subject: 'Bienvenido al Portal de Miembros',
    paragraphs: ['Hola, {contact_name}:', 'Su cuenta para {name} está lista: inicie sesión con {email}. Su membresía se activa cuando se pague la cuota.'],
    action: 'Iniciar sesión',
  },
  fr: {
    subject: 'Bienvenue sur le portail des membres',
    paragraphs: ['Bonjour {contact_name},', 'Votre compte pour {name} est prêt : connectez-vous avec {email}. Votre adhésion devient active une fois la cotisation payée.'],
    action: 'Me connecter',
  },
  zh: {
    subject: '欢迎使用会员门户',
    paragraphs: ['{contact_name}，您好：', '{name} 的账户已就绪：请使用 {email} 登录。会费支付后，您的会员资格即生效。'],
    action: '登录',
  },
};

export const mailTemplates = { requestReceived, completeMembership, requestRejected, membershipCompleted };
export type MailTemplateName = keyof typeof mailTemplates;

/** A message of this flow in `locale` (server/mail/templates.ts renders it). */
export function renderMail(name: MailTemplateName, locale: MailLocale, values: Record<string, string | number>, link?: string): RenderedMail {
  return renderTemplate(mailTemplates[name][locale], locale, values, link);
}

