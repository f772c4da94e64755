import type { AutomailKind } from '../../../shared/automail/kinds';
import type { Catalogue, MailLocale } from '../../mail/templates';

/**
 * The default wording of each automatic mail, per language, in the shape of the membership flow's
 * catalogues (server/modules/crm/membership/mailMessages.ts), rendered by the same code
 * (server/mail/templates.ts). The 30- and 7-day reminders share one wording.
 */

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


const membershipWelcome: Catalogue = {
  en: {
    subject: 'Your membership is active',
    paragraphs: ['Hello {contact_name},', 'The membership of {name} is active from {date}. Welcome: everything in the portal is now open to you.'],
    action: 'Sign in',
  },
  ar: {
    subject: 'عضويتك نشطة الآن',
    paragraphs: ['مرحبًا {contact_name}،', 'عضوية {name} نشطة اعتبارًا من {date}. مرحبًا بك: كل ما في البوابة متاح لك الآن.'],
    action: 'تسجيل الدخول',
  },
  es: {
    subject: 'Su membresía está activa',
    paragraphs: ['Hola, {contact_name}:', 'La membresía de {name} está activa desde el {date}. Bienvenido: todo el portal está ahora a su disposición.'],
    action: 'Iniciar sesión',
  },
  fr: {
    subject: 'Votre adhésion est active',
    paragraphs: ['Bonjour {contact_name},', 'L’adhésion de {name} est active depuis le {date}. Bienvenue : tout le portail vous est désormais ouvert.'],
    action: 'Me connecter',
  },
  zh: {
    subject: '您的会员资格已生效',
    paragraphs: ['{contact_name}，您好：', '{name} 的会员资格自 {date} 起生效。欢迎您：门户的全部功能现已向您开放。'],
    action: '登录',
  },
};

const renewalToday: Catalogue = {
  en: {
    subject: 'Your membership ends today',
    paragraphs: ['Hello {contact_name},', 'The membership of {name} ends today, {date}. Sign in to the portal to renew it.'],
    action: 'Sign in to renew',
  },
  ar: {
    subject: 'تنتهي عضويتك اليوم',
    paragraphs: ['مرحبًا {contact_name}،', 'تنتهي عضوية {name} اليوم، {date}. سجّل الدخول إلى البوابة لتجديدها.'],
    action: 'سجّل الدخول للتجديد',
  },
  es: {
    subject: 'Su membresía termina hoy',
    paragraphs: ['Hola, {contact_name}:', 'La membresía de {name} termina hoy, {date}. Inicie sesión en el portal para renovarla.'],
    action: 'Iniciar sesión para renovar',
  },
  fr: {
    subject: 'Votre adhésion se termine aujourd’hui',
    paragraphs: ['Bonjour {contact_name},', 'L’adhésion de {name} se termine aujourd’hui, le {date}. Connectez-vous au portail pour la renouveler.'],
    action: 'Me connecter pour renouveler',
  },
  zh: {
    subject: '您的会员资格今天到期',
    paragraphs: ['{contact_name}，您好：', '{name} 的会员资格于今天（{date}）到期。请登录门户网站续费。'],
    action: '登录续费',
  },
};

const orderConfirmation: Catalogue = {
  en: {
    subject: 'We received your order {reference}',
    paragraphs: ['Hello {contact_name},', 'Thank you: order {reference} for {name} was placed, for {total}. We will tell you as it moves along.'],
    action: 'Follow your order',
  },
  ar: {
    subject: 'استلمنا طلبك {reference}',
    paragraphs: ['مرحبًا {contact_name}،', 'شكرًا لك: تم تقديم الطلب {reference} لـ {name} بمبلغ {total}. سنخبرك بكل تقدّم فيه.'],
    action: 'تابع طلبك',
  },
  es: {
    subject: 'Hemos recibido su pedido {reference}',
    paragraphs: ['Hola, {contact_name}:', 'Gracias: el pedido {reference} de {name} se registró por {total}. Le avisaremos de cada paso.'],
    action: 'Seguir su pedido',
  },
  fr: {
    subject: 'Nous avons reçu votre commande {reference}',
    paragraphs: ['Bonjour {contact_name},', 'Merci : la commande {reference} de {name} est enregistrée, pour {total}. Nous vous informerons de chaque étape.'],
    action: 'Suivre votre commande',
  },
  zh: {
    subject: '我们已收到您的订单 {reference}',
    paragraphs: ['{contact_name}，您好：', '谢谢：{name} 的订单 {reference} 已提交，金额 {total}。订单每有进展我们都会通知您。'],
    action: '跟踪您的订单',
  },
};

const orderStatus: Catalogue = {
  en: {
    subject: 'Order {reference}: {status}',
    paragraphs: ['Hello {contact_name},', 'Your order {reference} is now: {status}.'],
    action: 'Follow your order',
  },
  ar: {
    subject: 'الطلب {reference}: {status}',
    paragraphs: ['مرحبًا {contact_name}،', 'حالة طلبك {reference} الآن: {status}.'],
    action: 'تابع طلبك',
  },
  es: {
    subject: 'Pedido {reference}: {status}',
    paragraphs: ['Hola, {contact_name}:', 'Su pedido {reference} está ahora: {status}.'],
    action: 'Seguir su pedido',
  },
  fr: {
    subject: 'Commande {reference} : {status}',
    paragraphs: ['Bonjour {contact_name},', 'Votre commande {reference} est maintenant : {status}.'],
    action: 'Suivre votre commande',
  },
  zh: {
    subject: '订单 {reference}：{status}',
    paragraphs: ['{contact_name}，您好：', '您的订单 {reference} 当前状态：{status}。'],
    action: '跟踪您的订单',
  },
};

export const automailDefaults: Record<AutomailKind, Catalogue> = {
  membership_welcome: membershipWelcome,
  renewal_30: renewalReminder,
  renewal_7: renewalReminder,
  renewal_0: renewalToday,
  order_confirmation: orderConfirmation,
  order_status: orderStatus,
};

/** A default as the editor shows it: the subject, and the paragraphs separated by a blank line. */
export function defaultText(kind: AutomailKind, locale: MailLocale): { subject: string; body: string } {
  const template = automailDefaults[kind][locale];
  return { subject: template.subject, body: template.paragraphs.join('\n\n') };
}
