import { membershipMailsAr } from '../../../../i18n/membership-mails/ar';
import { membershipMailsEn, type MembershipMails } from '../../../../i18n/membership-mails/en';
import { membershipMailsEs } from '../../../../i18n/membership-mails/es';
import { membershipMailsFr } from '../../../../i18n/membership-mails/fr';
import { membershipMailsZh } from '../../../../i18n/membership-mails/zh';
import { type MailLocale, type RenderedMail, cataloguesOf, renderTemplate } from '../../../mail/templates';

// The mail languages and the renderer are the mail layer's (server/mail/templates.ts), shared with
// the automatic mails; the membership flow's callers keep importing them from here.
export { type Catalogue, type MailLocale, type RenderedMail, type Template, isMailLocale, mailLocaleOf, mailLocales, renderTemplate } from '../../../mail/templates';

/**
 * The admin is told a request came in (admins have no stored language: English); the approved
 * member gets the link to complete the membership; a refused one the admin's reason; a member who
 * finished the completion page what happens next. The words are in i18n/membership-mails.
 */
export const mailTemplates = cataloguesOf<keyof MembershipMails>({
  en: membershipMailsEn,
  ar: membershipMailsAr,
  es: membershipMailsEs,
  fr: membershipMailsFr,
  zh: membershipMailsZh,
});
export type MailTemplateName = keyof typeof mailTemplates;

/** A message of this flow in `locale` (server/mail/templates.ts renders it). */
export function renderMail(name: MailTemplateName, locale: MailLocale, values: Record<string, string | number>, link?: string): RenderedMail {
  return renderTemplate(mailTemplates[name][locale], locale, values, link);
}

