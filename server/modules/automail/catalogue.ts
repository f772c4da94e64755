import type { AutomailKind } from '../../../shared/automail/kinds';
import { automailMailsAr } from '../../../i18n/automail-mails/ar';
import { automailMailsEn, type AutomailMails } from '../../../i18n/automail-mails/en';
import { automailMailsEs } from '../../../i18n/automail-mails/es';
import { automailMailsFr } from '../../../i18n/automail-mails/fr';
import { automailMailsZh } from '../../../i18n/automail-mails/zh';
import { type Catalogue, type MailLocale, cataloguesOf } from '../../mail/templates';

/**
 * The default wording of each automatic mail, per language (i18n/automail-mails), in the shape of
 * the membership flow's catalogues (server/modules/crm/membership/mailMessages.ts), rendered by the
 * same code (server/mail/templates.ts). The 30- and 7-day reminders share one wording.
 */
const wording = cataloguesOf<keyof AutomailMails>({ en: automailMailsEn, ar: automailMailsAr, es: automailMailsEs, fr: automailMailsFr, zh: automailMailsZh });

export const automailDefaults: Record<AutomailKind, Catalogue> = {
  membership_welcome: wording.membership_welcome,
  renewal_30: wording.renewal_reminder,
  renewal_7: wording.renewal_reminder,
  renewal_0: wording.renewal_today,
  order_confirmation: wording.order_confirmation,
  order_status: wording.order_status,
};

/** A default as the editor shows it: the subject, and the paragraphs separated by a blank line. */
export function defaultText(kind: AutomailKind, locale: MailLocale): { subject: string; body: string } {
  const template = automailDefaults[kind][locale];
  return { subject: template.subject, body: template.paragraphs.join('\n\n') };
}
