import { apiPost } from '../../providers/http';
import type { AutomailKind, NoticePreference } from '../../../shared/automail/kinds';

/** The calls of the automatic mail screen and the member's notices (server/modules/automail/routes.ts). */
export type MailLocale = 'en' | 'ar' | 'es' | 'fr' | 'zh';
export const mailLocales: MailLocale[] = ['en', 'ar', 'es', 'fr', 'zh'];

export interface KindRow {
  kind: AutomailKind;
  enabled: boolean;
  overridden: MailLocale[];
}

export interface TemplateText {
  subject: string;
  body: string;
}

export interface TemplateRecord extends TemplateText {
  kind: AutomailKind;
  locale: MailLocale;
  overridden: boolean;
  default: TemplateText;
  placeholders: string[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type Preferences = Record<NoticePreference, boolean>;

export const setEnabled = (kind: AutomailKind, enabled: boolean) => apiPost('api/automail/setenabled', { kind, enabled });
export const saveTemplate = (kind: AutomailKind, locale: MailLocale, text: TemplateText) =>
  apiPost<{ data: TemplateRecord }>('api/automail/savetemplate', { kind, locale, ...text });
export const resetTemplate = (kind: AutomailKind, locale: MailLocale) => apiPost<{ data: TemplateRecord }>('api/automail/resettemplate', { kind, locale });
export const previewTemplate = (kind: AutomailKind, locale: MailLocale, text: TemplateText) =>
  apiPost<{ data: RenderedMail }>('api/automail/preview', { kind, locale, ...text });
export const savePreferences = (preferences: Preferences) => apiPost<{ data: Preferences }>('api/automail/savepreferences', preferences);
