import type { Locale } from '../../i18n/locales';
import type { Messages } from './interpolate';

/** Each language's public messages is its own small chunk (scripts/publicMessagesPlugin.mjs). */
export function loadPublicMessages(locale: Locale): Promise<Messages> {
  switch (locale) {
    case 'ar':
      return import('virtual:public-messages/ar').then((m) => m.default);
    case 'es':
      return import('virtual:public-messages/es').then((m) => m.default);
    case 'fr':
      return import('virtual:public-messages/fr').then((m) => m.default);
    case 'zh':
      return import('virtual:public-messages/zh').then((m) => m.default);
    default:
      return import('virtual:public-messages/en').then((m) => m.default);
  }
}
