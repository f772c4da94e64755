import englishMessages from 'ra-language-english';
import { appEn } from './app.en';
import { mergeMessages } from './merge';
import { membersEn } from './members/en';

/** English is the default and the fallback language (SPEC §1). Each domain's messages: `i18n/<domain>/en.ts`. */
const en = mergeMessages({ ...englishMessages, app: appEn }, [membersEn]);
export default en;
