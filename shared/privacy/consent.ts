/**
 * Consent to direct marketing (POPIA s69). The wording lives here so the form shows
 * exactly the text the server stores with the consent: the server never takes the text from the
 * request, it takes the language and looks the text up here.
 */
import type { Locale } from '../../i18n/locales';

/** How a consent reached us: the registration form, the member's own page, an admin (on the phone), an import. */
export const consentMethods = ['registration', 'member_page', 'admin', 'import'] as const;
export type ConsentMethod = (typeof consentMethods)[number];

/** The checkbox's text, per language. Changing it changes what later consents record, never earlier ones. */
export const consentWording: Record<Locale, string> = {
  en: 'Yes, send me news and offers by email. I can withdraw this consent at any time on my profile page or with the unsubscribe link in every mail.',
  ar: 'نعم، أرسلوا إليّ الأخبار والعروض بالبريد الإلكتروني. يمكنني سحب هذه الموافقة في أي وقت من صفحة ملفي الشخصي أو من رابط إلغاء الاشتراك في كل رسالة.',
  es: 'Sí, envíenme noticias y ofertas por correo electrónico. Puedo retirar este consentimiento en cualquier momento en mi página de perfil o con el enlace para darme de baja de cada correo.',
  fr: "Oui, envoyez-moi des nouvelles et des offres par e-mail. Je peux retirer ce consentement à tout moment sur ma page de profil ou avec le lien de désinscription de chaque message.",
  zh: '是的，请通过电子邮件向我发送新闻和优惠。我可以随时在个人资料页面或通过每封邮件中的退订链接撤回此同意。',
};

/** The text stored with a withdrawal: what the person was withdrawing from. */
export const withdrawalWording: Record<Locale, string> = {
  en: 'No, do not send me news and offers by email.',
  ar: 'لا، لا ترسلوا إليّ الأخبار والعروض بالبريد الإلكتروني.',
  es: 'No, no me envíen noticias ni ofertas por correo electrónico.',
  fr: "Non, ne m'envoyez pas de nouvelles ni d'offres par e-mail.",
  zh: '不，请勿通过电子邮件向我发送新闻和优惠。',
};

/** The wording stored for a consent given (or refused/withdrawn) in `locale`. */
export const wordingFor = (given: boolean, locale: Locale): string => (given ? consentWording : withdrawalWording)[locale];
