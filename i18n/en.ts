import englishMessages from 'ra-language-english';
import { appEn } from './app.en';

/** English is the default and the fallback language (SPEC §1). */
const en = { ...englishMessages, app: appEn };
export default en;
