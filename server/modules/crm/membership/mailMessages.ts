import type { Locale } from '../../../../i18n/locales';
import { escapeHtml } from '../../../mail/escape';

/**
 * The languages of the portal (i18n/locales.ts), listed here rather than imported so the server
 * bundle does not pull in the SPA's message chunks; `satisfies` keeps the two lists the same words.
 */
export const mailLocales = ['en', 'ar', 'es', 'fr', 'zh'] as const satisfies readonly Locale[];
export type MailLocale = (typeof mailLocales)[number];

export const isMailLocale = (value: unknown): value is MailLocale => mailLocales.includes(value as MailLocale);
/** A stored locale (possibly null or unknown) as one we write mail in; English otherwise. */
export const mailLocaleOf = (value: string | null | undefined): MailLocale => (isMailLocale(value) ? value : 'en');

/**
 * One message: a subject, paragraphs, and optionally a link. Values are inserted with `{name}`
 * placeholders; the HTML part escapes them, the text part keeps them as they are.
 */
export interface Template {
  subject: string;
  paragraphs: string[];
  /** The label of the link's button (HTML) or the line before it (text). */
  action?: string;
}

export type Catalogue = Record<MailLocale, Template>;

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

/** A renewal reminder, 30 and 7 days before the membership runs out. */
const renewalReminder: Catalogue = {
  en: {
    subject: 'Your membership ends in {days} days',
    paragraphs: ['Hello {contact_name},', 'The membership of {name} ends on {date}. Sign in to the portal to renew it in time.'],
    action: 'Sign in to renew',
  },
  ar: {
    subject: 'تنتهي عضويتك خلال {days} يومًا',
    paragraphs: ['مرحبًا {contact_name}،', 'تنتهي عضوية {name} في {date}. سجّل الدخول إلى البوابة لتجديدها في الوقت المناسب.'],
    action: 'سجّل الدخول للتجديد',
  },
  es: {
    subject: 'Su membresía termina en {days} días',
    paragraphs: ['Hola, {contact_name}:', 'La membresía de {name} termina el {date}. Inicie sesión en el portal para renovarla a tiempo.'],
    action: 'Iniciar sesión para renovar',
  },
  fr: {
    subject: 'Votre adhésion se termine dans {days} jours',
    paragraphs: ['Bonjour {contact_name},', 'L’adhésion de {name} se termine le {date}. Connectez-vous au portail pour la renouveler à temps.'],
    action: 'Me connecter pour renouveler',
  },
  zh: {
    subject: '您的会员资格将在 {days} 天后到期',
    paragraphs: ['{contact_name}，您好：', '{name} 的会员资格将于 {date} 到期。请登录门户网站及时续费。'],
    action: '登录续费',
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

export const mailTemplates = { requestReceived, completeMembership, requestRejected, renewalReminder, membershipCompleted };
export type MailTemplateName = keyof typeof mailTemplates;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const fill = (template: string, values: Record<string, string | number>, escape: (value: string) => string) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? escape(String(values[key])) : whole));

/**
 * A message of this flow in `locale`, with a plain-text part and an HTML part (values escaped;
 * Arabic marked right-to-left). Paragraphs whose only value is empty (no message) are left out.
 */
export function renderMail(name: MailTemplateName, locale: MailLocale, values: Record<string, string | number>, link?: string): RenderedMail {
  return renderTemplate(mailTemplates[name][locale], locale, values, link);
}

/** Any template of this shape (the automatic mails' defaults and an admin's wording of them too). */
export function renderTemplate(template: Template, locale: MailLocale, values: Record<string, string | number>, link?: string): RenderedMail {
  const paragraphs = template.paragraphs.filter((p) => {
    const last = /\{(\w+)\}$/.exec(p)?.[1];
    return last === undefined || String(values[last] ?? '').trim() !== '';
  });
  const plain = (value: string) => value;
  const subject = fill(template.subject, values, plain).replace(/[\r\n]+/g, ' ');
  const textParts = paragraphs.map((p) => fill(p, values, plain));
  if (link) textParts.push(`${template.action ?? ''}:\n${link}`);
  const dir = locale === 'ar' ? ' dir="rtl"' : '';
  const htmlParts = paragraphs.map((p) => `<p>${fill(escapeHtml(p), values, escapeHtml)}</p>`);
  if (link) htmlParts.push(`<p><a href="${escapeHtml(link)}">${escapeHtml(template.action ?? link)}</a><br>${escapeHtml(link)}</p>`);
  return {
    subject,
    text: textParts.join('\n\n') + '\n',
    html: `<div lang="${locale}"${dir}>${htmlParts.join('')}</div>`,
  };
}
