import en from '../../../i18n/en';
import { loadMessages, type Locale } from '../../../i18n/locales';

/** A language's whole messages: English as one object (the SPA loads it in two parts), the others as their chunk. */
export const messagesOf = async (locale: Locale): Promise<Record<string, unknown>> => (locale === 'en' ? en : loadMessages(locale));
